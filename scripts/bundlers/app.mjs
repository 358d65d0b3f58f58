// The lender's app that scripts/bundlers-e2e.mjs builds with each bundler: one page (plain
// JavaScript, so no bundler needs a loader for it) with the components whose colours the theme
// sets, and the host page's `color-scheme` chosen by the query string:
//   ?scheme=light    the page declares none (light, even on a dark OS)
//   ?scheme=os       `color-scheme: light dark` on :root (follows the OS, as create-vite's does)
//   ?scheme=wrapper  `color-scheme: dark` on a wrapper round the components
// Written into a temp dir where ibv-kit is installed from the packed tarball.

/** The page, shared by the three builds. 'use client' for Next.js; the others ignore it. */
const PROBE = `'use client'
import { createElement as h, useEffect, useState } from 'react'
import { ConnectButton, IbvProvider, ReconnectPrompt, ReportStatusBadge, ReportView, createBackendFetchers } from 'ibv-kit'
import 'ibv-kit/styles.css'
import './host.css'

const fetchers = createBackendFetchers('/api/ibv')
const report = {
  product_request_id: 'IBV-THEME-1', client_id: 'CL-1', consumer_id: 'LND-7', reference_date: '2026-11-02',
  created_at: '2026-11-02 10:00:00', ibv_report_status: 'complete',
  accounts: [{
    provider_name: 'Wombat Bank', account_name: 'Everyday', account_type: 'checking', routing_number: '011000015',
    account_number: '000123456789', owner_name: 'Ada Okafor', balance: 1520.5,
    items: [{ item_code: 'ibv_validate_metrics', item_name: 'Metrics', item_version: '1.0.0', data: { ne_income_feature_1: 3200 } }],
  }],
}

export function Probe() {
  // Read after hydration: the server (Next.js) renders without a query string.
  const [scheme, setScheme] = useState()
  useEffect(() => {
    const chosen = new URLSearchParams(location.search).get('scheme') ?? 'light'
    document.documentElement.dataset.scheme = chosen
    setScheme(chosen)
  }, [])
  if (!scheme) return null
  return h(IbvProvider, { fetchers, serviceUrl: location.origin + '/ibv-sandbox' },
    h('main', { className: scheme === 'wrapper' ? 'dark-wrapper' : undefined, 'data-probe': scheme },
      h(ConnectButton, { consumerId: 'LND-7' }),
      h(ReportStatusBadge, { status: 'reconnect_required' }),
      h(ReconnectPrompt, { connectionLink: 'https://bank.example/reconnect', institutionName: 'Wombat Bank', reason: 'reconnect_required' }),
      h(ReportView, { report }),
    ),
  )
}
`

/**
 * The lender's own page styles: the \`color-scheme\` of each case, and a colour of its own for the
 * buttons, written as the theming guide says (a plain colour, then its light-dark() pair in the
 * theme's @supports block, which the minifiers leave alone).
 */
const HOST_CSS = `html[data-scheme='os'] { color-scheme: light dark; }
.dark-wrapper { color-scheme: dark; }
:root { --ibv-color-progress: #0b5cad; }
@supports (color: light-dark(#000, #fff)) {
  :root { --ibv-color-progress: light-dark(#0b5cad, #8ec5ff); }
}
`

/** @type {(script: string, css?: string) => string} */
const HTML = (script, css) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Theme probe</title>
    ${css ? `<link rel="stylesheet" href="${css}" />` : ''}
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="${script}"></script>
  </body>
</html>
`

const MOUNT = `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Probe } from './probe.js'

createRoot(document.getElementById('root')).render(createElement(Probe))
`

/** The files of the app, by path. `vite.config.js` mounts the sandbox and a backend on `vite` and `vite preview` alike. */
export const APP_FILES = {
  'package.json': JSON.stringify(
    { name: 'lender-theme-app', private: true, type: 'module' },
    null,
    2,
  ),
  'src/probe.js': PROBE,
  'src/host.css': HOST_CSS,
  'src/main.js': MOUNT,
  // Vite: the defaults, as \`npm create vite\` leaves them, plus the sandbox.
  'index.html': HTML('/src/main.js'),
  'vite.config.js': `import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { ibvSandbox } from 'ibv-kit/sandbox'
import { createIbvBackend, createIbvClient } from 'ibv-kit/server'

export default defineConfig({
  plugins: [
    react(),
    ibvSandbox({
      backend: (sandbox) =>
        createIbvBackend({
          client: createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: 'http://sandbox.local/ibv-sandbox', fetch: sandbox.fetch }),
          authorize: () => true,
        }),
    }),
  ],
})
`,
  // webpack 5: production mode, css-loader and mini-css-extract-plugin, as their READMEs set them up.
  'webpack.config.cjs': `const MiniCssExtractPlugin = require('mini-css-extract-plugin')
const path = require('node:path')

module.exports = {
  mode: 'production',
  entry: './src/main.js',
  output: { path: path.resolve(__dirname, 'dist-webpack'), filename: 'main.js', clean: true },
  module: { rules: [{ test: /\\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }] },
  plugins: [new MiniCssExtractPlugin()],
}
`,
  'dist-webpack-index.html': HTML('/main.js', '/main.css'),
  // webpack 5 again, for a CommonJS server that \`require\`s ibv-kit (its packages in the bundle; not
  // minified, as server bundles often are not): it must build without a warning, and run.
  'server.cjs': `const { createIbvBackend, createIbvClient } = require('ibv-kit/server')
const { createSandbox } = require('ibv-kit/sandbox')

const sandbox = createSandbox()
const client = createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: 'http://sandbox.internal', fetch: sandbox.fetch })
const backend = createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true })
const request = new Request('http://app.internal/api/ibv/tokens', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'consumer', consumer_id: 'LND-7' }),
})
backend.fetch(request).then(async (answer) => {
  const body = await answer.json()
  console.log(JSON.stringify({ status: answer.status, token: typeof body.access_token }))
  process.exit(0)
})
`,
  'webpack.server.cjs': `const path = require('node:path')

module.exports = {
  mode: 'production',
  target: 'node',
  entry: './server.cjs',
  output: { path: path.resolve(__dirname, 'dist-server'), filename: 'server.cjs', clean: true },
  optimization: { minimize: false },
}
`,
  // Next.js 16: the App Router, built with \`next build\`; exported as static files (served by the
  // same \`vite preview\`, which also mounts the sandbox); CSS is processed as without \`output\`.
  // The app's packages are links into the repository's node_modules, and Turbopack compiles only
  // files under its root: '/' takes them in.
  'next/next.config.mjs': `export default { output: 'export', turbopack: { root: '/' } }
`,
  'next/app/layout.js': `export const metadata = { title: 'Theme probe' }

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
  'next/app/page.js': `import { Probe } from '../../src/probe.js'

export default function Page() {
  return <Probe />
}
`,
}
