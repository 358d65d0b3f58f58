// The lender's app that scripts/csp-e2e.mjs runs under a strict Content-Security-Policy: every
// component of `ibv-kit` and every element of `ibv-kit/elements` on one page, built with `vite
// build` (Vite's defaults), served by a small Node server (server.mjs) that sends the policy, runs
// the backend under /api/ibv and the sandbox on its own origin, as the service would be.

/** The page: the service's URL and a finished report's id come in the query string. */
const PAGE = `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import {
  ConnectButton, EmbeddedReport, IbvProvider, InviteBorrowerButton, ReconnectPrompt, RefreshReportButton,
  ReportStatusBadge, ReportView, createBackendFetchers, useIbvReport,
} from 'ibv-kit'
import { configureIbv, defineIbvElements } from 'ibv-kit/elements'
import 'ibv-kit/styles.css'

const query = new URLSearchParams(location.search)
const serviceUrl = query.get('service') ?? ''
const productRequestId = query.get('report') ?? ''
const consumerId = query.get('consumer') ?? ''
const fetchers = createBackendFetchers('/api/ibv')

function Report() {
  const { status, report } = useIbvReport(productRequestId)
  return h('section', { 'aria-label': 'Native report' }, status && h(ReportStatusBadge, { status }), report && h(ReportView, { report }))
}

function App() {
  return h(IbvProvider, { fetchers, serviceUrl },
    h('h1', null, 'Ada Okafor'),
    h(ConnectButton, { consumerId }),
    h(RefreshReportButton, { consumerId }),
    h(InviteBorrowerButton, { consumerId }),
    h(ReconnectPrompt, { connectionLink: 'https://bank.example/reconnect', institutionName: 'Wombat Bank', reason: 'reconnect_required' }),
    h('div', { id: 'react-report' }, h(EmbeddedReport, { productRequestId, height: 420 })),
    h(Report),
  )
}
createRoot(document.getElementById('root')).render(h(App))

// The same again as custom elements, as a page without React would use them.
defineIbvElements()
configureIbv({ serviceUrl, tokenUrl: '/api/ibv/tokens' })
const element = (tag, attributes) => {
  const created = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value)
  return created
}
document.getElementById('elements').append(
  element('ibv-report-status-badge', { status: 'reconnect_required' }),
  element('ibv-reconnect-prompt', { 'connection-link': 'https://bank.example/reconnect', 'institution-name': 'Wombat Bank', reason: 'reconnect_required' }),
  element('ibv-embedded-report', { 'product-request-id': productRequestId, height: '420' }),
  element('ibv-connect-button', { 'consumer-id': consumerId }),
)
`

/** The server: static files under the policy, the backend, and the sandbox on a second port. */
const SERVER = `import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { startSandboxServer } from 'ibv-kit/sandbox'
import { createIbvBackend, createIbvClient, toNodeHandler } from 'ibv-kit/server'

const sandbox = await startSandboxServer({ port: 0 })
const server = createServer()
await new Promise((listening) => server.listen(0, '127.0.0.1', listening))
const origin = 'http://127.0.0.1:' + server.address().port
const backend = createIbvBackend({
  client: createIbvClient({ apiKey: sandbox.sandbox.apiKey, serviceUrl: sandbox.url }),
  authorize: () => true,
  invites: { secret: randomBytes(32).toString('base64url'), pageUrl: origin + '/borrower' },
})
const api = toNodeHandler(backend)
const policy = "default-src 'self'; script-src 'self'; style-src 'self'; frame-src " + sandbox.url
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }
const root = join(process.cwd(), 'dist')
server.on('request', async (request, response) => {
  if (request.url.startsWith('/api/ibv/')) return api(request, response)
  const path = normalize(new URL(request.url, origin).pathname)
  const file = join(root, extname(path) ? path : 'index.html')
  const body = await readFile(file).catch(() => null)
  response.writeHead(body ? 200 : 404, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'content-security-policy': policy })
  response.end(body ?? 'not found')
})
console.log('listening ' + JSON.stringify({ origin, service: sandbox.url }))
`

/** The files of the app, by path. */
export const APP_FILES = {
  'package.json': JSON.stringify(
    { name: 'lender-csp-app', private: true, type: 'module' },
    null,
    2,
  ),
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Applicant</title>
  </head>
  <body>
    <main id="root"></main>
    <section id="elements" aria-label="Custom elements"></section>
    <script type="module" src="/src/main.js"></script>
  </body>
</html>
`,
  'src/main.js': PAGE,
  'vite.config.js': `import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({ plugins: [react()] })
`,
  'server.mjs': SERVER,
}
