import { dataset, message, typeOf } from './message-source.js'

// Portal: says it is there (ibv:ready) as soon as its script runs, so an embedder can tell it
// from the browser's own error page (which fires load too but never posts); then reports its
// height to the embedder on every change (its root's own height: scrollHeight is never less than
// the frame, so a frame could grow but never shrink) and says when its token has expired. Neither message
// carries data, so any parent may read them; embedders check origin and source. An open page asks
// token_status every 5 s; when its token has expired, it becomes the expired page (its template,
// in the page's language: a title, what to do next) and tells the embedder; a page waiting for
// the report (data-ibv-status) reloads when the status moved, framed or on its own. An embedder
// that started listening late (it hydrated a server-rendered iframe) says ibv:hello: the page
// says it is there, its height, and whether its token expired, again.
export const portal = `(function(){
var parent=window.parent,framed=!!parent&&parent!==window,data=document.body.dataset;
function tell(message){if(framed)parent.postMessage(message,'*')}
tell(${message('ready')});
if(${dataset('expired')}){tell(${message('tokenExpired')})}
var last=0;function report(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(h!==last){last=h;tell(${message('resize', { height: 'h' })})}}
report();if(window.ResizeObserver){new ResizeObserver(report).observe(document.documentElement)}
window.addEventListener('message',function(event){if(framed&&event.source===parent&&event.data&&event.data.type===${typeOf('hello')}){tell(${message('ready')});last=0;report();if(${dataset('expired')}){tell(${message('tokenExpired')})}}});
document.addEventListener('toggle',report,true);window.addEventListener('load',report);
if(${dataset('tokenCheck')}){var timer=setInterval(function(){
fetch('token_status'+location.search,{cache:'no-store'}).then(function(r){return r.json()}).then(function(s){
if(s&&s.valid&&${dataset('status')}&&s.status&&s.status!==${dataset('status')}){clearInterval(timer);location.reload();return}
if(s&&s.valid===false){clearInterval(timer);${dataset('expired')}='true';
var main=document.createElement('main'),page=document.getElementById('ibv-expired-page');main.className='portal portal-state';
if(page){main.append(page.content.cloneNode(true));document.title=page.dataset.title}
document.body.replaceChildren(main);tell(${message('tokenExpired')})}}).catch(function(){})},5000)}
})();`
