// The sandbox bank's answer page, popup mode: it tells the widget's window that opened it (same
// origin: the bank and the widget are both the sandbox) and closes itself. Should the window stay
// open (a browser that keeps it), the page says it can be closed, and the widget sees it close.
export const bank = `(function(){
if(document.body.dataset.ibvOauthDone===undefined)return;
try{if(window.opener)window.opener.postMessage({type:'ibv-oauth:done'},location.origin)}catch(e){}
window.close();
})();`
