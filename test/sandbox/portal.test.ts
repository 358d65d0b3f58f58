import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { call } from './call.js'

async function setup() {
  const sandbox = createSandbox({ clock: createManualClock() })
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-42', accounts: 2 })
  const id = created.body.product_request_id as string
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', { product_request_id: id, type: 'embedded_report_token' })
  return { sandbox, id, token: token.body.access_token as string }
}

const open = (sandbox: Parameters<typeof call>[0], token: string) =>
  call(sandbox, 'GET', `/portal/embeddable_reports?token=${encodeURIComponent(token)}`, undefined, {})

describe('GET /portal/embeddable_reports (operation 5)', () => {
  it('shows the report as a real HTML page, with strict headers and masked account numbers', async () => {
    const { sandbox, id, token } = await setup()
    await sandbox.advance(6)
    const page = await open(sandbox, token)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.text).toContain(id)
    expect(page.text).toMatch(/Account ••••\d{4}/)
    expect(page.text).toContain('src="/assets/portal.js"')
    expect(page.text).not.toMatch(/<script>|style=/)
    const report = await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)
    const accounts = report.body.accounts as Array<{ account_number: string }>
    for (const account of accounts) expect(page.text).not.toContain(account.account_number)
  })

  it('shows the state of a report that is not ready, and reloads itself', async () => {
    const { sandbox, token } = await setup()
    const page = await open(sandbox, token)
    expect(page.status).toBe(200)
    expect(page.text).toContain('http-equiv="refresh"')
    expect(page.text).toContain('Started')
  })

  it('accepts the token at 1,799 s and refuses it at 1,800 s, telling the embedder', async () => {
    const { sandbox, token } = await setup()
    await sandbox.advance(1799)
    expect((await open(sandbox, token)).status).toBe(200)
    await sandbox.advance(1)
    const expired = await open(sandbox, token)
    expect(expired.status).toBe(401)
    expect(expired.text).toContain('data-ibv-expired="true"')
  })

  it('refuses unknown and consumer-kind tokens with a 401 page', async () => {
    const { sandbox } = await setup()
    expect((await open(sandbox, 'sbx_e_nope')).status).toBe(401)
    const consumer = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
    const page = await open(sandbox, consumer.body.access_token as string)
    expect(page.status).toBe(401)
    expect(page.text).toContain('not an embedded report token')
    expect(page.text).not.toContain('data-ibv-expired')
  })

  it('expires a token on demand (POST /sandbox/tokens/expire)', async () => {
    const { sandbox, token } = await setup()
    expect((await call(sandbox, 'POST', '/sandbox/tokens/expire', { access_token: token })).body).toEqual({ expired: true })
    expect((await open(sandbox, token)).status).toBe(401)
    expect((await call(sandbox, 'POST', '/sandbox/tokens/expire', { access_token: 'nope' })).status).toBe(404)
  })

  it('tells an open page whether its token still holds (GET /portal/token_status)', async () => {
    const { sandbox, token } = await setup()
    const status = async () => (await call(sandbox, 'GET', `/portal/token_status?token=${encodeURIComponent(token)}`, undefined, {})).body
    expect(await status()).toEqual({ valid: true, expires_in: 1800 })
    await sandbox.advance(1800)
    expect(await status()).toEqual({ valid: false, expires_in: 0 })
    expect((await call(sandbox, 'GET', '/portal/token_status?token=nope', undefined, {})).body).toEqual({ valid: false, expires_in: 0 })
  })

  it('expires every report token of a product request on demand', async () => {
    const { sandbox, id, token } = await setup()
    const second = await call(sandbox, 'POST', '/api/v1/auth/tokens', { product_request_id: id, type: 'embedded_report_token' })
    expect((await call(sandbox, 'POST', '/sandbox/tokens/expire', { product_request_id: id })).body).toEqual({ expired: true })
    expect((await open(sandbox, token)).status).toBe(401)
    expect((await open(sandbox, second.body.access_token as string)).status).toBe(401)
    expect((await call(sandbox, 'POST', '/sandbox/tokens/expire', { product_request_id: 'IBVNONE' })).body).toEqual({ expired: false })
  })

  it('serves its script and stylesheet with the right types', async () => {
    const { sandbox } = await setup()
    const script = await call(sandbox, 'GET', '/assets/portal.js', undefined, {})
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.text).toContain("type:'ibv:resize'")
    expect((await call(sandbox, 'GET', '/assets/sandbox.css', undefined, {})).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await call(sandbox, 'GET', '/assets/nope.js', undefined, {})).status).toBe(404)
  })
})
