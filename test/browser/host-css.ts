import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { cdp, page } from 'vitest/browser'

/**
 * Host pages for browser tests: the components inside an app styled as a fresh create-vite React
 * app is, whose stylesheet centres text, stretches the children of `#root`, restyles every
 * `button` and `a`, and sets its own font, line height and colours.
 *
 * Not a verbatim copy: the rules of create-vite's `template-react-ts/src/index.css` and
 * `App.css` that can reach a component, with the same selectors and values. Rules for the
 * template's own demo markup (`.hero`, `.counter`, `#center`, `#next-steps`, `.ticks`, …) are
 * left out: nothing of ours carries those ids and classes.
 */
export const HOSTS = {
  /**
   * create-vite 9.3.0 (npm, 2026), the current template: `#root` is a centred flex column (it
   * stretches its children), text is centred, 18px/145% type, dark by the OS.
   */
  'create-vite': `
:root {
  --text: #6b6375; --text-h: #08060d; --bg: #fff; --border: #e5e4e7; --code-bg: #f4f3ec;
  --sans: system-ui, 'Segoe UI', Roboto, sans-serif; --heading: system-ui, 'Segoe UI', Roboto, sans-serif; --mono: ui-monospace, Consolas, monospace;
  font: 18px/145% var(--sans); letter-spacing: 0.18px; color-scheme: light dark; color: var(--text); background: var(--bg);
  font-synthesis: none; text-rendering: optimizeLegibility; -webkit-font-smoothing: antialiased;
}
@media (max-width: 1024px) { :root { font-size: 16px; } }
@media (prefers-color-scheme: dark) {
  :root { --text: #9ca3af; --text-h: #f3f4f6; --bg: #16171d; --border: #2e303a; --code-bg: #1f2028; }
}
#root {
  width: 1126px; max-width: 100%; margin: 0 auto; text-align: center; border-inline: 1px solid var(--border);
  min-height: 100svh; display: flex; flex-direction: column; box-sizing: border-box;
}
body { margin: 0; }
h1, h2 { font-family: var(--heading); font-weight: 500; color: var(--text-h); }
h1 { font-size: 56px; letter-spacing: -1.68px; margin: 32px 0; }
h2 { font-size: 24px; line-height: 118%; letter-spacing: -0.24px; margin: 0 0 8px; }
@media (max-width: 1024px) { h1 { font-size: 36px; margin: 20px 0; } h2 { font-size: 20px; } }
p { margin: 0; }
code { font-family: var(--mono); display: inline-flex; border-radius: 4px; color: var(--text-h); font-size: 15px; line-height: 135%; padding: 4px 8px; background: var(--code-bg); }
`,
  /**
   * The earlier template, which most existing create-vite apps still carry: `body` a flex box
   * that centres `#root`, `#root` padded 2rem with centred text, every `button` and `a`
   * restyled, dark unless the OS asks for light.
   */
  'create-vite-classic': `
:root {
  font-family: Inter, Avenir, Helvetica, Arial, sans-serif; font-size: 16px; line-height: 24px; font-weight: 400;
  color-scheme: light dark; color: rgba(255, 255, 255, 0.87); background-color: #242424;
  font-synthesis: none; text-rendering: optimizeLegibility; -webkit-font-smoothing: antialiased; -webkit-text-size-adjust: 100%;
}
a { font-weight: 500; color: #646cff; text-decoration: inherit; }
a:hover { color: #535bf2; }
body { margin: 0; display: flex; place-items: center; min-width: 320px; min-height: 100vh; }
h1 { font-size: 3.2em; line-height: 1.1; }
button {
  border-radius: 8px; border: 1px solid transparent; padding: 0.6em 1.2em; font-size: 1em; font-weight: 500;
  font-family: inherit; background-color: #1a1a1a; cursor: pointer; transition: border-color 0.25s;
}
button:hover { border-color: #646cff; }
button:focus, button:focus-visible { outline: 4px auto -webkit-focus-ring-color; }
@media (prefers-color-scheme: light) {
  :root { color: #213547; background-color: #ffffff; }
  a:hover { color: #747bff; }
  button { background-color: #f9f9f9; }
}
#root { max-width: 1280px; margin: 0 auto; padding: 2rem; text-align: center; }
`,
  /** A page that says nothing about its colour scheme: light, whatever the OS prefers. */
  'light-only': `
body { margin: 0; font-family: Georgia, serif; color: #222; background: #fff; }
#root { padding: 1rem; }
`,
} as const

export type HostName = keyof typeof HOSTS
export type Scheme = 'light' | 'dark'

export interface HostOptions {
  /** The OS's colour preference (`prefers-color-scheme`). @default 'light' */
  scheme?: Scheme
  /** The viewport's width in CSS px (900 px high). @default 1280 */
  width?: number
  /** @default 'create-vite' */
  host?: HostName
}

/**
 * Renders `ui` into a `#root` of a host page: the host's stylesheet, the OS colour preference and
 * the viewport width. `resetHost()` (in an `afterEach`) takes it all away again.
 */
export async function mountInHost(
  ui: ReactNode,
  { scheme = 'light', width = 1280, host = 'create-vite' }: HostOptions = {},
) {
  await cdp().send('Emulation.setEmulatedMedia', {
    media: '',
    features: [{ name: 'prefers-color-scheme', value: scheme }],
  })
  await page.viewport(width, 900)
  const style = document.head.appendChild(document.createElement('style'))
  style.textContent = HOSTS[host]
  style.dataset.host = host
  const root = document.body.appendChild(document.createElement('div'))
  root.id = 'root'
  return { ...render(ui, { container: root }), root }
}

export async function resetHost() {
  document.querySelectorAll('style[data-host], #root').forEach((node) => node.remove())
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
}
