import { FRAME_MESSAGES } from '../../core/frame-protocol.js'
import { OAUTH_DONE } from './bank-js.js'
import { dataset, field, message, quoted } from './message-source.js'

// Widget: posts its messages only to the origin it was opened for, never '*'. A key pressed in
// this frame never reaches the embedding page, so Escape is turned into ibv:close_requested,
// carrying what the Exit button would report (the request left waiting, if any). The consumer
// leaves once: after Exit or Escape, neither posts again. Each page also says up front what Exit
// would report (ibv:exit_pending), for the embedding dialog's own close button. In a frame that
// button is the one way out, so the page's Exit button is hidden there; it stays for a widget
// opened as a popup (it posts to window.opener) or on its own. In a frame it also says how tall
// its page is (ibv:resize, on every change), so the dialog is as tall as the step shown.
// On an OAuth bank's step, popup mode: it opens the bank's page in a window at once; a blocked
// window (null) is said, and the button opens it with a click. It then watches the window: when
// the bank's answer page reports back, or the window is closed, this page goes to the return
// address. It also asks the sandbox every 1.5 s whether the bank answered: a window it cannot
// see (null under a lender page's COOP same-origin, though open) still leads back. The window
// closes with this page (the dialog closed, another bank chosen), so no bank page is left open
// for a widget that is gone. Redirect mode: the link sends the whole page to the
// bank; the click announces it.
const EXIT = FRAME_MESSAGES.exit

export const widget = `(function(){
var data=document.body.dataset,origin=${dataset('origin')},left=false;
var framed=window.parent!==window,target=framed?window.parent:window.opener;
function post(message){if(target&&origin){target.postMessage(message,origin)}}
function pending(){try{return JSON.parse(${dataset('exit')}||'null')}catch(e){return null}}
function leave(message){if(left)return;left=true;if(exit)exit.disabled=true;post(message)}
try{JSON.parse(${dataset('messages')}||'[]').forEach(post)}catch(e){}
var p=pending();if(p){post(${message('exitPending', { error: field('p', EXIT, 'error'), metadata: field('p', EXIT, 'metadata') })})}
var exit=document.querySelector('[data-ibv-exit-button]');
if(exit&&framed){exit.hidden=true}
var height=0;function size(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);if(h!==height){height=h;post(${message('resize', { height: 'h' })})}}
if(framed){size();if(window.ResizeObserver){new ResizeObserver(size).observe(document.documentElement)}window.addEventListener('load',size)}
if(exit){exit.addEventListener('click',function(){var m=pending();if(m)leave(m)})}
var start=${dataset('oauthStart')},back=${dataset('oauthReturn')},answered=${dataset('oauthAnswered')},opened=null,bank=null,watch=0,asking=0,gone=false;
try{opened=JSON.parse(${dataset('oauthOpened')}||'null')}catch(e){}
function shown(selector,on){var node=document.querySelector(selector);if(node)node.hidden=!on}
function returned(){if(gone)return;gone=true;clearInterval(watch);clearInterval(asking);location.replace(back)}
function ask(){if(answered&&window.fetch)fetch(answered,{cache:'no-store'}).then(function(r){return r.json()}).then(function(d){if(d&&d.answered)returned()},function(){})}
function openBank(){
if(bank&&!bank.closed){bank.focus();return}
bank=window.open(start,'ibv_oauth','popup,width=520,height=720');
if(!asking)asking=setInterval(ask,1500);
shown('[data-ibv-oauth-blocked]',!bank);shown('[data-ibv-oauth-waiting]',!!bank);
if(!bank)return;
if(opened)post(opened);
clearInterval(watch);watch=setInterval(function(){if(bank.closed)returned()},400)}
if(start&&back){
window.addEventListener('message',function(event){if(bank&&event.source===bank&&event.origin===location.origin&&event.data&&event.data.type===${quoted(OAUTH_DONE)})returned()});
var button=document.querySelector('[data-ibv-oauth-open]');if(button)button.addEventListener('click',openBank);
window.addEventListener('pagehide',function(){if(bank&&!bank.closed)bank.close()});
openBank()}
var redirect=document.querySelector('[data-ibv-oauth-redirect]');
if(redirect&&opened){redirect.addEventListener('click',function(){post(opened)})}
document.addEventListener('keydown',function(event){
if(event.key!=='Escape'||event.isComposing||event.defaultPrevented)return;
var m=pending();
leave(m?${message('closeRequested', { error: field('m', EXIT, 'error'), metadata: field('m', EXIT, 'metadata') })}:${message('closeRequested')})});
})();`
