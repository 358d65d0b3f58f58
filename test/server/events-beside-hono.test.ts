// @vitest-environment node
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { streamBesideHono, type Mount, type Order } from './beside-hono/scenario.js'

// A sandbox server and a backend in one Node process is the documented development set-up. Any
// `@hono/node-server` server replaces the global `Response`; `/events` must deliver whichever
// `Response` is global when the backend answers, and whatever ran first.
const PROGRAM = fileURLToPath(new URL('./beside-hono/program.ts', import.meta.url))

/** Runs the scenario in a fresh Node process and returns its outcome. */
async function inFreshProcess(mount: Mount, order: Order) {
  const child = spawn(process.execPath, ['--import', 'tsx', PROGRAM, mount, order], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const [code] = (await once(child, 'exit')) as [number | null]
  clearTimeout(timer)
  expect({ code, stderr: stderr.includes('Cannot write headers') ? stderr : '' }).toEqual({
    code: 0,
    stderr: '',
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as unknown
}

const delivered = { status: 200, events: ['report_generated'], matches: true }

describe('/events beside other Hono servers in the same process', () => {
  // First in this file: the other servers start before anything here made a backend request.
  it('delivers under toNodeHandler when a sandbox server and a plain serve() started first', async () => {
    expect(await streamBesideHono('toNodeHandler', 'others-first')).toEqual(delivered)
  })

  it('delivers under the Vite plugin when a sandbox server and a plain serve() started first', async () => {
    expect(await streamBesideHono('vite-plugin', 'others-first')).toEqual(delivered)
  })

  it.each([
    ['toNodeHandler', 'others-first'],
    ['toNodeHandler', 'backend-first'],
    ['vite-plugin', 'others-first'],
    ['vite-plugin', 'backend-first'],
  ] as const)('delivers under %s in a fresh process (%s)', async (mount, order) => {
    expect(await inFreshProcess(mount, order)).toEqual(delivered)
  })
})
