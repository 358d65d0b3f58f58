// Widget: posts its messages only to the origin it was opened for, never '*'. A key pressed in
// this frame never reaches the embedding page, so Escape is turned into ibv:close_requested,
// carrying what the Exit button would report (the request left waiting, if any). The consumer
// leaves once: after Exit or Escape, neither posts again. Each page also says up front what Exit
// would report (ibv:exit_pending), for the embedding dialog's own close button. In a frame that
// button is the one way out, so the page's Exit button is hidden there; it stays for a widget
// opened as a popup (it posts to window.opener) or on its own. In a frame it also says how tall
// its page is (ibv:resize, on every change), so the dialog is as tall as the step shown.
export const widget = `(function(){
var data=document.body.dataset,origin=data.ibvOrigin,left=false;
var framed=window.parent!==window,target=framed?window.parent:window.opener;
function post(message){if(target&&origin){target.postMessage(message,origin)}}
function pending(){try{return JSON.parse(data.ibvExit||'null')}catch(e){return null}}
function leave(message){if(left)return;left=true;if(exit)exit.disabled=true;post(message)}
try{JSON.parse(data.ibvMessages||'[]').forEach(post)}catch(e){}
var p=pending();if(p){post({type:'ibv:exit_pending',error:p.error,metadata:p.metadata})}
var exit=document.querySelector('[data-ibv-exit-button]');
if(exit&&framed){exit.hidden=true}
var height=0;function size(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(h!==height){height=h;post({type:'ibv:resize',height:h})}}
if(framed){size();if(window.ResizeObserver){new ResizeObserver(size).observe(document.documentElement)}window.addEventListener('load',size)}
if(exit){exit.addEventListener('click',function(){var m=pending();if(m)leave(m)})}
document.addEventListener('keydown',function(event){
if(event.key!=='Escape'||event.isComposing||event.defaultPrevented)return;
var m=pending(),close={type:'ibv:close_requested'};
if(m){close.error=m.error;close.metadata=m.metadata}
leave(close)});
})();`
