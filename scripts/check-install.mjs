// Installs the packed tarball into a fresh app, as a lender would (`npm install ibv-kit`), then
// checks what that brought in and that the server side runs with nothing more installed: a
// sandbox in process, a backend over it, a token through the backend's route.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { redisServerPath } from './redis.mjs'

const tarball = process.argv[2]
if (!tarball) {
  console.error('Usage: node scripts/check-install.mjs <ibv-kit-x.y.z.tgz>')
  process.exit(2)
}
const app = mkdtempSync(join(tmpdir(), 'ibv-kit-app-'))
try {
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'lender-app', private: true, type: 'module' }),
  )
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', tarball],
    { cwd: app, stdio: 'ignore' },
  )
  const installed = readdirSync(join(app, 'node_modules')).flatMap((name) =>
    name.startsWith('@')
      ? readdirSync(join(app, 'node_modules', name)).map((scoped) => `${name}/${scoped}`)
      : name.startsWith('.')
        ? []
        : [name],
  )
  // The server framework is a dependency, installed in the app's own node_modules (where `npm
  // audit` sees it), not a copy inside the package: ibv-kit's server code resolves it from there.
  const framework = ['hono', '@hono/node-server']
  const missing = framework.filter(
    (name) => !existsSync(join(app, 'node_modules', name, 'package.json')),
  )
  const vendored = existsSync(join(app, 'node_modules', 'ibv-kit', 'dist', 'vendor'))
  if (missing.length > 0 || vendored) {
    console.error(
      `check-install: ${missing.length > 0 ? `npm install ibv-kit did not bring in ${missing.join(', ')}` : 'the package ships a dist/vendor/ copy'}; the server framework must be a dependency, resolved from the app's node_modules.`,
    )
    process.exit(1)
  }
  // OpenTelemetry's API is an optional peer: the server checks below run without it.
  if (existsSync(join(app, 'node_modules', '@opentelemetry', 'api'))) {
    console.error(
      'check-install: npm install ibv-kit brought in @opentelemetry/api, an optional peer.',
    )
    process.exit(1)
  }
  writeFileSync(
    join(app, 'resolves-hono.mjs'),
    `import { createRequire } from 'node:module'
import { realpathSync } from 'node:fs'
const fromKit = createRequire(realpathSync('node_modules/ibv-kit/dist/server/backend.js'))
for (const name of ${JSON.stringify(framework)}) {
  const found = realpathSync(fromKit.resolve(name))
  if (!found.startsWith(realpathSync('node_modules/' + name) + '/')) throw new Error(name + ' resolved from ' + found)
}
`,
  )
  execFileSync('node', ['resolves-hono.mjs'], { cwd: app, stdio: 'inherit' })
  writeFileSync(
    join(app, 'server.mjs'),
    `import { createIbvBackend, createIbvClient, prefetchReport } from 'ibv-kit/server'
import { createSandbox } from 'ibv-kit/sandbox'
const sandbox = createSandbox()
const client = createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: 'http://sandbox.internal', fetch: sandbox.fetch })
const backend = createIbvBackend({ client, authorize: () => true, verifyWebhook: () => true })
const answer = await backend.fetch(new Request('http://app.internal/api/ibv/tokens', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'consumer', consumer_id: 'LND-1' }),
}))
const body = await answer.json()
if (answer.status !== 200 || typeof body.access_token !== 'string') throw new Error('token route answered ' + answer.status)
const created = await (await sandbox.fetch(new Request('http://sandbox.internal/sandbox/product_requests', {
  method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey }, body: JSON.stringify({ consumer_id: 'LND-1' }),
}))).json()
const prefetched = await prefetchReport(backend, new Request('http://app.internal/loans/1'), created.product_request_id)
sandbox.close()
if (typeof prefetched?.token?.access_token !== 'string' || prefetched.status !== 'initiated') throw new Error('prefetchReport gave ' + JSON.stringify(prefetched))
`,
  )
  execFileSync('node', ['server.mjs'], { cwd: app, stdio: 'inherit' })
  // ibv-kit/testing loads without its optional peers (MSW, Testing Library, Playwright), and its
  // environment runs a connect to a finished report in plain Node.
  writeFileSync(
    join(app, 'testing.mjs'),
    `import { createIbvTestEnvironment, ibvHandlers } from 'ibv-kit/testing'
const env = createIbvTestEnvironment()
const id = await env.connect('LND-1')
await env.advance(6)
const report = await env.fetchers.report(id)
if (report.kind !== 'ready' || env.webhooks.length !== 1) throw new Error('ibv-kit/testing: ' + JSON.stringify(report).slice(0, 200))
let refused = ''
try { ibvHandlers(env) } catch (error) { refused = error.message }
if (!refused.includes('npm install --save-dev msw')) throw new Error('ibvHandlers without msw: ' + refused)
env.close()
`,
  )
  execFileSync('node', ['testing.mjs'], { cwd: app, stdio: 'inherit' })
  // ibv-kit/elements imports on a server (server rendering) and touches no browser global.
  writeFileSync(
    join(app, 'elements.mjs'),
    `import { configureIbv, defineIbvElements } from 'ibv-kit/elements'
configureIbv({ serviceUrl: 'https://ibv.example.com' })
defineIbvElements()
if (typeof globalThis.window !== 'undefined' || typeof globalThis.customElements !== 'undefined') throw new Error('ibv-kit/elements defined a browser global')
`,
  )
  execFileSync('node', ['elements.mjs'], { cwd: app, stdio: 'inherit' })
  // The language packs import by their names in plain Node, each the default export too, and each
  // passes core's check (every text, every placeholder).
  writeFileSync(
    join(app, 'locales.mjs'),
    `import { checkLocale } from 'ibv-kit/core'
import en, { en as namedEn } from 'ibv-kit/locales/en'
import es, { es as namedEs } from 'ibv-kit/locales/es'
import frCA, { frCA as namedFrCA } from 'ibv-kit/locales/fr-CA'
for (const [locale, named, code] of [[en, namedEn, 'en'], [es, namedEs, 'es'], [frCA, namedFrCA, 'fr-CA']]) {
  if (locale !== named || locale.code !== code) throw new Error('ibv-kit/locales/' + code + ': not the pack it names')
  checkLocale(locale)
}
`,
  )
  execFileSync('node', ['locales.mjs'], { cwd: app, stdio: 'inherit' })
  console.log(
    `Fresh install: ${installed.length} packages (${installed.join(', ')}); Hono and its Node adapter resolved from the app's node_modules, no dist/vendor/; ibv-kit/server (its routes and prefetchReport, without @opentelemetry/api), ibv-kit/sandbox, ibv-kit/testing (without its test libraries), ibv-kit/elements (on a server) and the language packs (each passing checkLocale) run with nothing more installed.`,
  )
  checkRedisEntry(app)
  checkTelemetry(app)
} finally {
  rmSync(app, { recursive: true, force: true })
}

/**
 * `ibv-kit/server/redis` as a lender uses it: without `redis` installed, importing it names the
 * missing peer; with `npm install redis`, a webhook store on a real redis-server (a private one on
 * a free loopback port) claims a key once.
 * @param {string} app
 */
function checkRedisEntry(app) {
  writeFileSync(
    join(app, 'without-redis.mjs'),
    `try {
  await import('ibv-kit/server/redis')
  throw new Error('ibv-kit/server/redis imported without redis installed')
} catch (error) {
  if (error.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes("'redis'")) throw error
}
`,
  )
  execFileSync('node', ['without-redis.mjs'], { cwd: app, stdio: 'inherit' })
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', 'redis@6'],
    { cwd: app, stdio: 'ignore' },
  )
  writeFileSync(
    join(app, 'with-redis.mjs'),
    `import { spawn } from 'node:child_process'
import { createRedisWebhookStore } from 'ibv-kit/server/redis'
import { freePort } from ${JSON.stringify(new URL('free-port.mjs', import.meta.url).href)}
const port = await freePort()
const redis = spawn(${JSON.stringify(redisServerPath())}, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
try {
  const store = createRedisWebhookStore({ url: 'redis://127.0.0.1:' + port })
  let first
  for (let attempt = 0; first === undefined; attempt++) {
    first = await store.claim('report_generated:IBV-1', 'a').catch((error) => { if (attempt > 50) throw error })
    if (first === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const second = await store.claim('report_generated:IBV-1', 'b')
  await store.close()
  if (first !== 'claimed' || second !== 'in_progress') throw new Error('claims answered ' + first + ', ' + second)
} finally {
  redis.kill()
}
`,
  )
  execFileSync('node', ['with-redis.mjs'], { cwd: app, stdio: 'inherit' })
  console.log(
    'ibv-kit/server/redis: without redis it names the missing peer; with npm install redis, a webhook store on a real redis-server claims a key once.',
  )
}

/**
 * With `npm install @opentelemetry/api` and an SDK registered, `ibv-kit/server` loads the app's
 * own copy of the API and records its spans (the server checks above ran without it).
 * @param {string} app
 */
function checkTelemetry(app) {
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      '@opentelemetry/api@1',
      '@opentelemetry/sdk-trace-base@2',
    ],
    { cwd: app, stdio: 'ignore' },
  )
  writeFileSync(
    join(app, 'with-telemetry.mjs'),
    `import { trace } from '@opentelemetry/api'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { createIbvClient } from 'ibv-kit/server'
import { createSandbox } from 'ibv-kit/sandbox'
const spans = new InMemorySpanExporter()
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }))
const sandbox = createSandbox()
const client = createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: 'http://sandbox.internal', fetch: sandbox.fetch })
await client.createConsumerToken('LND-1')
sandbox.close()
const names = spans.getFinishedSpans().map((span) => span.name)
if (names.join() !== 'ibv.upstream create_consumer_token') throw new Error('spans recorded: ' + JSON.stringify(names))
`,
  )
  execFileSync('node', ['with-telemetry.mjs'], { cwd: app, stdio: 'inherit' })
  console.log(
    "ibv-kit/server with npm install @opentelemetry/api and an SDK registered: the app's own API loaded, the upstream call's span recorded.",
  )
}
