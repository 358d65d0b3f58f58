// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { startCli } from '../sandbox/cli-process.js'
import { rawRequest } from './raw-http.js'

// Finding 11: a page on attacker.example whose DNS name is rebound to 127.0.0.1 talks to the
// standalone sandbox as same-origin. Its key is public, so with no Host or Origin check the page
// pointed webhooks at an internal URL with headers of its choice, read the delivery log as a
// port-scan oracle and minted tokens. Driven over real HTTP against the bin, as a browser would
// send it: the forged Host is the one thing Node's fetch cannot send, so node:http does.
const KEY = { 'x-api-key': 'sandbox-api-key' }

async function stop(cli: ChildProcess) {
  if (cli.exitCode !== null) return
  cli.kill('SIGTERM')
  await once(cli, 'exit')
}

describe('ibv-sandbox against a rebound page', () => {
  let cli: ChildProcess
  let url: string
  let port: string
  const evil = () => ({ ...KEY, host: `attacker.example:${port}` })
  const local = () => ({ ...KEY, host: `127.0.0.1:${port}` })

  beforeAll(async () => {
    ;({ cli, url } = await startCli(['--port', '0']))
    port = new URL(url).port
  }, 30_000)
  afterAll(() => stop(cli))

  it('refuses every route to a foreign Host with a 403, and nothing it asked for happens', async () => {
    // Point webhooks at an internal service, with a header of the attacker's choice.
    const hook = await rawRequest(url, {
      method: 'PUT',
      path: '/sandbox/webhook_url',
      headers: evil(),
      body: {
        url: 'http://127.0.0.1:9/internal/admin',
        headers: { authorization: 'Bearer stolen' },
      },
    })
    expect(hook.status).toBe(403)
    expect(hook.json).toEqual({ message: expect.stringContaining('attacker.example') })

    const log = await rawRequest(url, { path: '/sandbox/webhooks', headers: evil() })
    expect(log.status).toBe(403)
    expect(log.json).not.toHaveProperty('deliveries')

    const token = await rawRequest(url, {
      method: 'POST',
      path: '/api/v1/auth/tokens',
      headers: evil(),
      body: { consumer_id: 'LND-1' },
    })
    expect(token.status).toBe(403)
    expect(token.json).not.toHaveProperty('access_token')

    const bare = await rawRequest(url, {
      path: '/sandbox/clock',
      headers: { ...KEY, host: 'attacker.example' },
    })
    expect(bare.status).toBe(403)

    // The PUT was not applied: a finished report sends no webhook anywhere.
    await rawRequest(url, {
      method: 'POST',
      path: '/sandbox/product_requests',
      headers: local(),
      body: { consumer_id: 'LND-1' },
    })
    await rawRequest(url, {
      method: 'POST',
      path: '/sandbox/clock/advance',
      headers: local(),
      body: { seconds: 6 },
    })
    const deliveries = await rawRequest(url, { path: '/sandbox/webhooks', headers: local() })
    expect(deliveries.status).toBe(200)
    expect(deliveries.json).toEqual({ deliveries: [] })
  })

  it('refuses a foreign Origin even when the Host is loopback', async () => {
    for (const origin of [
      'http://attacker.example',
      `http://127.0.0.1.attacker.example:${port}`,
      'https://evil.localhost.example',
    ]) {
      const token = await rawRequest(url, {
        method: 'POST',
        path: '/api/v1/auth/tokens',
        headers: { ...local(), origin },
        body: { consumer_id: 'LND-2' },
      })
      expect(token.status, origin).toBe(403)
      expect(token.json).toEqual({ message: expect.any(String) })
    }
  })

  it('answers loopback Hosts, its own and loopback Origins, and the null Origin of its own form posts', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `app.localhost:${port}`,
      `[::1]:${port}`,
      '127.0.0.1',
    ]) {
      const answer = await rawRequest(url, {
        method: 'POST',
        path: '/api/v1/auth/tokens',
        headers: { ...KEY, host },
        body: { consumer_id: 'LND-3' },
      })
      expect(answer.status, host).toBe(200)
      expect(answer.json).toHaveProperty('access_token')
    }
    for (const origin of [`http://127.0.0.1:${port}`, 'http://localhost:5173', 'null']) {
      const answer = await rawRequest(url, {
        method: 'POST',
        path: '/api/v1/auth/tokens',
        headers: { ...local(), origin },
        body: { consumer_id: 'LND-3' },
      })
      expect(answer.status, origin).toBe(200)
    }
  })

  it('sends webhooks only to loopback URLs: an internal address is a 400 in the service API shape', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8:8080/admin',
      'http://intranet.corp/hooks',
      'http://127.0.0.1.nip.io/x',
    ]) {
      const answer = await rawRequest(url, {
        method: 'PUT',
        path: '/sandbox/webhook_url',
        headers: local(),
        body: { url: target },
      })
      expect(answer.status, target).toBe(400)
      expect(answer.json).toEqual({
        message: expect.any(String),
        fields: { url: [expect.stringContaining('--webhook-host')] },
      })
    }
    for (const target of [
      'http://127.0.0.1:9/hooks',
      'http://localhost:9/hooks',
      'http://[::1]:9/hooks',
    ]) {
      const answer = await rawRequest(url, {
        method: 'PUT',
        path: '/sandbox/webhook_url',
        headers: local(),
        body: { url: target },
      })
      expect(answer.status, target).toBe(200)
    }
  })
})

describe('ibv-sandbox --allowed-host and --webhook-host', () => {
  let cli: ChildProcess
  let url: string
  let port: string

  beforeAll(async () => {
    ;({ cli, url } = await startCli([
      '--port',
      '0',
      '--allowed-host',
      'sandbox.lan',
      '--allowed-host',
      '.dev.example',
      '--webhook-host',
      'hooks.lan',
    ]))
    port = new URL(url).port
  }, 30_000)
  afterAll(() => stop(cli))

  it('answers the listed hosts (a leading dot allows the domain and its subdomains) and still refuses others', async () => {
    const status = async (host: string, origin?: string) =>
      (
        await rawRequest(url, {
          path: '/sandbox/clock',
          headers: { ...KEY, host, ...(origin ? { origin } : {}) },
        })
      ).status
    expect(await status(`sandbox.lan:${port}`)).toBe(200)
    expect(await status(`sandbox.lan:${port}`, `http://sandbox.lan:${port}`)).toBe(200)
    expect(await status(`api.dev.example:${port}`)).toBe(200)
    expect(await status(`dev.example:${port}`)).toBe(200)
    expect(await status(`other.lan:${port}`)).toBe(403)
    expect(await status(`sandbox.lan.attacker.example:${port}`)).toBe(403)
    expect(await status(`localhost:${port}`, 'http://attacker.example')).toBe(403)
  })

  it('delivers to a listed webhook host and to nothing else', async () => {
    const put = async (target: string) =>
      (
        await rawRequest(url, {
          method: 'PUT',
          path: '/sandbox/webhook_url',
          headers: { ...KEY, host: `127.0.0.1:${port}` },
          body: { url: target },
        })
      ).status
    expect(await put('https://hooks.lan/ibv/webhooks')).toBe(200)
    expect(await put('https://other.lan/ibv/webhooks')).toBe(400)
  })

  it('refuses to start with a --webhook-url no rule allows', async () => {
    const bad = spawn(
      'node_modules/.bin/tsx',
      ['src/sandbox/cli.ts', '--port', '0', '--webhook-url', 'http://10.0.0.8/hooks'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stderr = ''
    bad.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
    const [code] = await once(bad, 'exit')
    expect(code).toBe(2)
    expect(stderr).toContain('--webhook-host')
  })
})
