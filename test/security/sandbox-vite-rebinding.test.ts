// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { createServer, type ViteDevServer } from 'vite'
import { ibvSandbox } from '../../src/sandbox/index.js'
import { rawRequest } from './raw-http.js'

// Finding 11 under Vite: the plugin mounts the sandbox on the dev server, whose own host check
// (`server.allowedHosts`) must still stand in front of it, and a foreign Origin is refused there
// as on the standalone server. A real dev server on 127.0.0.1, with an empty root so it has
// nothing of its own to serve or pre-bundle.
const KEY = { 'x-api-key': 'sandbox-api-key' }
let server: ViteDevServer
let root: string
let url: string
let port: number

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ibv-vite-'))
  server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [ibvSandbox()],
    optimizeDeps: { noDiscovery: true, include: [] },
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      allowedHosts: ['sandbox.lan'],
      watch: null,
    },
  })
  await server.listen()
  port = (server.httpServer?.address() as AddressInfo).port
  url = `http://127.0.0.1:${port}`
}, 30_000)

afterAll(async () => {
  await server?.close()
  await rm(root, { recursive: true, force: true })
})

describe('ibvSandbox on a Vite dev server, against a rebound page', () => {
  it('refuses a foreign Host before the sandbox sees it: no token minted, no webhook target set', async () => {
    const host = `evil.example:${port}`
    const token = await rawRequest(url, {
      method: 'POST',
      path: '/ibv-sandbox/api/v1/auth/tokens',
      headers: { ...KEY, host },
      body: { consumer_id: 'LND-1' },
    })
    expect(token.status).toBe(403)
    expect(token.text).not.toContain('access_token')
    const hook = await rawRequest(url, {
      method: 'PUT',
      path: '/ibv-sandbox/sandbox/webhook_url',
      headers: { ...KEY, host },
      body: { url: 'http://127.0.0.1:9/x' },
    })
    expect(hook.status).toBe(403)
    const log = await rawRequest(url, {
      path: '/ibv-sandbox/sandbox/webhooks',
      headers: { ...KEY, host },
    })
    expect(log.status).toBe(403)
    expect(log.text).not.toContain('deliveries')
  })

  it('refuses a foreign Origin on sandbox paths even with an allowed Host', async () => {
    const answer = await rawRequest(url, {
      method: 'POST',
      path: '/ibv-sandbox/api/v1/auth/tokens',
      headers: { ...KEY, host: `127.0.0.1:${port}`, origin: 'http://evil.example' },
      body: { consumer_id: 'LND-1' },
    })
    expect(answer.status).toBe(403)
    expect(answer.json).toEqual({ message: expect.any(String) })
  })

  it('answers loopback Hosts and the hosts listed in server.allowedHosts', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `sandbox.lan:${port}`]) {
      const answer = await rawRequest(url, {
        method: 'POST',
        path: '/ibv-sandbox/api/v1/auth/tokens',
        headers: { ...KEY, host },
        body: { consumer_id: 'LND-1' },
      })
      expect(answer.status, host).toBe(200)
    }
    const sameOrigin = await rawRequest(url, {
      method: 'POST',
      path: '/ibv-sandbox/api/v1/auth/tokens',
      headers: { ...KEY, host: `sandbox.lan:${port}`, origin: `http://sandbox.lan:${port}` },
      body: { consumer_id: 'LND-1' },
    })
    expect(sameOrigin.status).toBe(200)
  })
})
