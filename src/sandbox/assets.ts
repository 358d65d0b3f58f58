// The sandbox pages' stylesheet and scripts, served from `{base}/assets/`. They are files, not
// inline code, so the pages work under a strict Content-Security-Policy.

const css = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45}
body{margin:0;padding:16px;color:#1c2430;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e8ecf1;background:#161b22}.status[data-tone=success]{color:#56d364}.status[data-tone=danger]{color:#ff7b72}.status[data-tone=warning]{color:#e3b341}.status[data-tone=progress]{color:#79c0ff}th,td{border-color:#30363d}}
h1{font-size:1.25rem;margin:0 0 12px}h2{font-size:1.05rem;margin:16px 0 4px}small{font-weight:normal;opacity:.75}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #d8dde4}
.status{font-weight:600}.status[data-tone=success]{color:#146c43}.status[data-tone=danger]{color:#b3261e}.status[data-tone=warning]{color:#8a5300}.status[data-tone=progress]{color:#1f5fbf}
.widget{max-width:420px;margin:0 auto;min-width:0;overflow-wrap:anywhere}form{display:grid;grid-template-columns:minmax(0,1fr);gap:12px;margin-bottom:12px}label{display:grid;grid-template-columns:minmax(0,1fr);gap:4px;font-weight:600}
.hint table{table-layout:fixed}.hint th,.hint td{overflow-wrap:anywhere}.hint code{word-break:break-all}
input,select{font:inherit;padding:8px;border:1px solid #8a94a3;border-radius:6px;box-sizing:border-box;width:100%;min-width:0;max-width:100%}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1f5fbf;background:#1f5fbf;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:inherit;border-color:#8a94a3}
.error{color:#b3261e;font-weight:600}.hint{margin:12px 0;font-size:.9rem}.sandbox-mark{margin-top:24px;font-size:.8rem;opacity:.7}`

// Portal: reports its height to the embedder and says when its token has expired. Neither
// message carries data, so any parent may read them; embedders check origin and source.
const portal = `(function(){
var parent=window.parent;if(!parent||parent===window)return;
if(document.body.dataset.ibvExpired){parent.postMessage({type:'ibv:token_expired'},'*')}
var last=0;function report(){var h=Math.ceil(document.documentElement.scrollHeight);if(h!==last){last=h;parent.postMessage({type:'ibv:resize',height:h},'*')}}
report();if(window.ResizeObserver){new ResizeObserver(report).observe(document.documentElement)}
document.addEventListener('toggle',report,true);window.addEventListener('load',report);
if(document.body.dataset.ibvTokenCheck){var timer=setInterval(function(){
fetch('token_status'+location.search,{cache:'no-store'}).then(function(r){return r.json()}).then(function(s){
if(s&&s.valid===false){clearInterval(timer);document.body.dataset.ibvExpired='true';
var main=document.createElement('p');main.setAttribute('role','alert');main.textContent='This report session has expired.';
document.body.replaceChildren(main);parent.postMessage({type:'ibv:token_expired'},'*')}}).catch(function(){})},5000)}
})();`

// Widget: posts its messages only to the origin it was opened for, never '*'. A key pressed in
// this frame never reaches the embedding page, so Escape is turned into ibv:close_requested,
// carrying what the Exit button would report (the request left waiting, if any). The consumer
// leaves once: after Exit or Escape, neither posts again. Each page also says up front what Exit
// would report (ibv:exit_pending), for the embedding dialog's own close button.
const widget = `(function(){
var data=document.body.dataset,origin=data.ibvOrigin,left=false;
var target=window.parent!==window?window.parent:window.opener;
function post(message){if(target&&origin){target.postMessage(message,origin)}}
function pending(){try{return JSON.parse(data.ibvExit||'null')}catch(e){return null}}
function leave(message){if(left)return;left=true;if(exit)exit.disabled=true;post(message)}
try{JSON.parse(data.ibvMessages||'[]').forEach(post)}catch(e){}
var p=pending();if(p){post({type:'ibv:exit_pending',error:p.error,metadata:p.metadata})}
var exit=document.querySelector('[data-ibv-exit-button]');
if(exit){exit.addEventListener('click',function(){var m=pending();if(m)leave(m)})}
document.addEventListener('keydown',function(event){
if(event.key!=='Escape'||event.isComposing||event.defaultPrevented)return;
var m=pending(),close={type:'ibv:close_requested'};
if(m){close.error=m.error;close.metadata=m.metadata}
leave(close)});
})();`

export const ASSETS: Record<string, { type: string; body: string }> = {
  'sandbox.css': { type: 'text/css; charset=utf-8', body: css },
  'portal.js': { type: 'text/javascript; charset=utf-8', body: portal },
  'widget.js': { type: 'text/javascript; charset=utf-8', body: widget },
}
