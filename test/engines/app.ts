// The lender's app the three-engine flows drive: the demo (demo/: the officer's page, the
// borrower's invite page, written as a lender writes theirs) with ibv-kit installed from the
// packed tarball, built by `vite build` and served by `vite preview`, where the sandbox and the
// demo's backend are mounted (as `npm run dev` mounts them). Built once per run (global-setup.ts);
// each flow starts a server of its own per engine, so every engine starts from the same state.
// The custom-elements page is examples/plain-html as it ships: its server.ts with the packed
// package's dist/, beside the sandbox's own `ibv-sandbox` server.
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { write } from '../../scripts/docs-examples/paste-blocks.mjs'
import { baseEnv, start } from '../../scripts/docs-examples/processes.mjs'
import { buildApp, installPackage } from '../../scripts/docs-examples/vite-app.mjs'
import { freePort } from '../../scripts/free-port.mjs'
import { packTarball } from '../../scripts/pack.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The app's Vite config: the demo's pages, the sandbox and the demo backend on `vite preview`. */
const VITE_CONFIG = `import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { ibvSandbox } from 'ibv-kit/sandbox'
import { createDemoBackend } from './backend.ts'

// A new secret each start: the sandbox signs its webhooks with it, the backend checks them.
const webhookSecret = \`whsec_\${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}\`
const origin = process.env.APP_ORIGIN ?? 'http://127.0.0.1:4173'

export default defineConfig({
  plugins: [
    react(),
    ibvSandbox({
      // Reports ready 2 s after a connection instead of 6: the flows wait for many of them.
      sandbox: { webhookSecret, timings: { acquireSeconds: 1, generateSeconds: 1 } },
      backend: (sandbox) => createDemoBackend(sandbox, { borrowerPageUrl: \`\${origin}/borrower\`, webhookSecret }),
    }),
  ],
  build: { rolldownOptions: { input: ['index.html', 'borrower.html'] } },
})
`

/** Packs ibv-kit, writes the app into a new temp dir, installs the tarball there and builds it. Returns the dir. */
export async function buildEnginesApp(): Promise<string> {
  if (!existsSync(join(root, 'dist', 'index.js')))
    throw new Error('dist/ is missing: run `npm run build` first.')
  const dir = mkdtempSync(join(tmpdir(), 'ibv-engines-'))
  const tarball = packTarball(dir).path
  for (const file of readdirSync(join(root, 'demo')))
    cpSync(join(root, 'demo', file), join(dir, file))
  write(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'lender-engines-app', private: true, type: 'module' }, null, 2),
  )
  write(join(dir, 'vite.config.ts'), VITE_CONFIG)
  cpSync(join(root, 'examples', 'plain-html'), join(dir, 'plain-html'), { recursive: true })
  await installPackage(dir, tarball, root, ['tsx'])
  await buildApp(dir)
  return dir
}

export interface RunningApp {
  url: string
  stop(): Promise<void>
}

/** `vite preview` of the built app on a free 127.0.0.1 port: a new sandbox and backend. */
export async function startEnginesApp(dir: string): Promise<RunningApp> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const vite = join(dir, 'node_modules', 'vite', 'bin', 'vite.js')
  const server = await start(
    'vite preview',
    process.execPath,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: dir,
      env: baseEnv({ APP_ORIGIN: url }),
      ready: (output) => output.includes(`${url}/`),
    },
  )
  return { url, stop: server.stop }
}

/**
 * examples/plain-html: its server.ts (tsx) serving index.html and the packed package's dist/,
 * and the standalone sandbox (`ibv-sandbox`) it talks to, each on a free 127.0.0.1 port.
 */
export async function startElementsExample(dir: string): Promise<RunningApp> {
  const [sandboxPort, port] = [await freePort(), await freePort()]
  const bin = (name: string) => join(dir, 'node_modules', '.bin', name)
  const serviceUrl = `http://127.0.0.1:${sandboxPort}`
  const url = `http://127.0.0.1:${port}`
  // A webhook secret made for this run, as the example's README says (it has no fallback).
  const webhookSecret = randomBytes(32).toString('base64')
  const sandbox = await start(
    'ibv-sandbox',
    bin('ibv-sandbox'),
    [
      '--port',
      String(sandboxPort),
      '--webhook-url',
      `${url}/api/ibv/webhooks`,
      '--webhook-header',
      `x-webhook-secret=${webhookSecret}`,
    ],
    {
      cwd: dir,
      env: baseEnv(),
      ready: (output) => output.includes(serviceUrl),
    },
  )
  const tsx = join(dir, 'node_modules', 'tsx', 'dist', 'cli.mjs')
  const server = await start('plain-html server.ts', process.execPath, [tsx, 'server.ts'], {
    cwd: join(dir, 'plain-html'),
    env: baseEnv({
      PORT: String(port),
      IBV_SERVICE_URL: serviceUrl,
      IBV_WEBHOOK_SECRET: webhookSecret,
      IBV_KIT_DIST: join(dir, 'node_modules', 'ibv-kit', 'dist'),
    }),
    ready: (output) => output.includes(`${url}/`),
  }).catch(async (error: unknown) => {
    await sandbox.stop()
    throw error
  })
  return {
    url,
    stop: async () => {
      await Promise.all([server.stop(), sandbox.stop()])
    },
  }
}
