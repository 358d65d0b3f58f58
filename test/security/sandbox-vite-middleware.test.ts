// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createHttpServer, type Server } from 'node:http'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { createServer, type ViteDevServer } from 'vite'
import { ibvSandbox } from '../../src/sandbox/index.js'
import { rawRequest } from './raw-http.js'

// Vite in middleware mode, as Storybook runs it: the plugin never hears `listening`, so it learns
// its address from the first request. A first request with an attacker's Host (an IP address
// passes Vite's host check) must not widen where the sandbox may deliver webhooks.
const KEY = { 'x-api-key': 'sandbox-api-key' }
let vite: ViteDevServer
let http: Server
let root: string
let url: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ibv-vite-mw-'))
  vite = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [ibvSandbox()],
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, watch: null },
  })
  http = createHttpServer(vite.middlewares)
  http.listen(0, '127.0.0.1')
  await once(http, 'listening')
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}, 30_000)

afterAll(async () => {
  http?.close()
  await vite?.close()
  await rm(root, { recursive: true, force: true })
})

describe('the sandbox under Vite in middleware mode', () => {
  it('a first request with a foreign IP as Host does not let webhooks go to that IP', async () => {
    await rawRequest(url, {
      path: '/ibv-sandbox/sandbox/clock',
      headers: { host: '169.254.169.254', ...KEY },
    })
    const answer = await rawRequest(url, {
      method: 'PUT',
      path: '/ibv-sandbox/sandbox/webhook_url',
      headers: { host: new URL(url).host, ...KEY },
      body: { url: 'http://169.254.169.254/latest/meta-data/' },
    })
    expect(answer.status).toBe(400)
    const loopback = await rawRequest(url, {
      method: 'PUT',
      path: '/ibv-sandbox/sandbox/webhook_url',
      headers: { host: new URL(url).host, ...KEY },
      body: { url: `${url}/api/ibv/webhooks` },
    })
    expect(loopback.status).toBe(200)
  })
})
