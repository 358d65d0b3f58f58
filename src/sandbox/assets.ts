// The sandbox pages' stylesheet and scripts, served from `{base}/assets/`. They are files, not
// inline code, so the pages work under a strict Content-Security-Policy.
import { baseCss } from './assets/base-css.js'
import { portalCss } from './assets/portal-css.js'
import { widgetCss } from './assets/widget-css.js'
import { widget } from './assets/widget-js.js'

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

export const ASSETS: Record<string, { type: string; body: string }> = {
  'sandbox.css': { type: 'text/css; charset=utf-8', body: css },
  'portal.js': { type: 'text/javascript; charset=utf-8', body: portal },
  'widget.js': { type: 'text/javascript; charset=utf-8', body: widget },
}
