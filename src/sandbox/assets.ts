// The sandbox pages' stylesheet and scripts, served from `{base}/assets/`. They are files, not
// inline code, so the pages work under a strict Content-Security-Policy.
import { bank } from './assets/bank-js.js'
import { baseCss } from './assets/base-css.js'
import { portalCss } from './assets/portal-css.js'
import { portal } from './assets/portal-js.js'
import { widgetCss } from './assets/widget-css.js'
import { widget } from './assets/widget-js.js'

const css = [baseCss, widgetCss, portalCss].join('\n')

export const ASSETS: Record<string, { type: string; body: string }> = {
  'sandbox.css': { type: 'text/css; charset=utf-8', body: css },
  'portal.js': { type: 'text/javascript; charset=utf-8', body: portal },
  'widget.js': { type: 'text/javascript; charset=utf-8', body: widget },
  'bank.js': { type: 'text/javascript; charset=utf-8', body: bank },
}
