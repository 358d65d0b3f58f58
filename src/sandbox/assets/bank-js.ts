import { dataset, quoted } from './message-source.js'

/** What the bank's answer page posts to the widget's window (same origin: both are the sandbox's). */
export const OAUTH_DONE = 'ibv-oauth:done'

// The sandbox bank's answer page, popup mode: it tells the widget's window that opened it (same
// origin: the bank and the widget are both the sandbox) and closes itself. Should the window stay
// open (a browser that keeps it), the page says it can be closed, and the widget sees it close.
export const bank = `(function(){
var data=document.body.dataset;
if(${dataset('oauthDone')}===undefined)return;
try{if(window.opener)window.opener.postMessage({type:${quoted(OAUTH_DONE)}},location.origin)}catch(e){}
window.close();
})();`
