// The sandbox pages' stylesheet and scripts, served from `{base}/assets/`. They are files, not
// inline code, so the pages work under a strict Content-Security-Policy.
import { baseCss } from './assets/base-css.js'
import { portalCss } from './assets/portal-css.js'
import { widgetCss } from './assets/widget-css.js'

const css = [baseCss, widgetCss, portalCss].join('\n')

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
