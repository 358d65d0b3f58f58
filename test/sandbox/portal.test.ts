import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import type { IbvReport } from '../../src/core/index.js'
import { call } from './call.js'

async function setup() {
  const sandbox = createSandbox({ clock: createManualClock() })
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: 'LND-42',
    accounts: 2,
  })
  const id = created.body.product_request_id as string
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
    product_request_id: id,
    type: 'embedded_report_token',
  })
  return { sandbox, id, token: token.body.access_token as string }
}

const open = (sandbox: Parameters<typeof call>[0], token: string) =>
  call(
    sandbox,
    'GET',
    `/portal/embeddable_reports?token=${encodeURIComponent(token)}`,
    undefined,
    {},
  )

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
    expect(page.text).toMatch(/<dt>Account number<\/dt><dd>ending \d{4}<\/dd>/)
    expect(page.text).not.toContain('••••')
    expect(page.text).toContain('src="/assets/portal.js"')
    expect(page.text).not.toMatch(/<script>|style=/)
    const report = await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`)
    const accounts = report.body.accounts as Array<{ account_number: string }>
    for (const account of accounts) expect(page.text).not.toContain(account.account_number)
  })

  it('shows the state of a report that is not ready, and watches its status (no meta refresh)', async () => {
    const { sandbox, token } = await setup()
    const page = await open(sandbox, token)
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('http-equiv="refresh"')
    expect(page.text).toContain('data-ibv-status="initiated"')
    // What the page's script asks every 5 s: it reloads when the status moved.
    const watched = await call(sandbox, 'GET', `/portal/token_status?token=${token}`)
    expect(watched.body).toMatchObject({ valid: true, status: 'initiated' })
    await sandbox.advance(6)
    expect((await call(sandbox, 'GET', `/portal/token_status?token=${token}`)).body).toMatchObject({
      valid: true,
      status: 'complete',
    })
    expect(page.text).toContain('Started')
    expect(page.text).toContain('<h1>Report in progress</h1>')
    expect(page.text).toContain('checks again every 5 seconds')
  })

  it('reads like an underwriter summary: header, summary, accounts with their items and features', async () => {
    const { sandbox, id, token } = await setup()
    await sandbox.advance(6)
    const { text } = await open(sandbox, token)
    const report = (await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`))
      .body as unknown as IbvReport
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    expect(text).toContain(`<dt>Applicant</dt><dd>LND-42</dd>`)
    const [year, month, day] = report.reference_date.split('-').map(Number)
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.UTC(year!, month! - 1, day!),
    )
    expect(text).toContain(
      `<dt>Reference date</dt><dd><time datetime="${report.reference_date}">${date}</time></dd>`,
    )
    expect(text).toContain(
      '<dt>Status</dt><dd><span class="status" data-tone="success">Complete</span></dd>',
    )
    expect(text).toContain('<dt>Accounts</dt><dd>2</dd>')
    const cents = report.accounts.reduce(
      (sum, account) => sum + Math.round(account.balance * 100),
      0,
    )
    expect(text).toContain(`<dt>Net balance</dt><dd>${money.format(cents / 100)}</dd>`)
    for (const account of report.accounts) {
      expect(text).toContain(
        `<span>${account.account_name}</span> <span class="portal-balance">${money.format(account.balance)}</span>`,
      )
      expect(text).toContain(
        `<dt>Bank</dt><dd>${account.provider_name}</dd></div><div><dt>Type</dt><dd>${account.account_type}</dd>`,
      )
      expect(text).toContain(`ending ${account.account_number.slice(-4)}`)
      expect(text).not.toContain(account.routing_number)
      expect(text).not.toContain(account.owner_name)
    }
    const item = report.accounts[0]!.items[0]!
    expect(text).toContain(
      `${item.item_name} <small>${item.item_code} · v${item.item_version}</small></h4>`,
    )
    expect(text).toContain('<th scope="row">ne_<wbr>income_<wbr>feature_<wbr>2</th>')
    expect(text.indexOf('feature_<wbr>2<')).toBeLessThan(text.indexOf('feature_<wbr>10<'))
    expect(text).toMatch(
      /<td class="portal-number">[\d,]+<span class="portal-fraction">(\.\d{1,4})?<\/span><\/td>/,
    )
  })

  it.each([
    ['reconnect_required', 0, 'Bank reconnection needed', 'reconnect their bank'],
    ['ibv_data_acquire_failed', 6, 'Bank data could not be pulled', 'starts a new request'],
    ['generation_failed', 6, 'Report could not be generated', 'takes no further action'],
  ])(
    'a report in %s gets a page that says what it means and what to do, without reloading',
    async (outcome, seconds, title, next) => {
      const sandbox = createSandbox({ clock: createManualClock() })
      const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
        consumer_id: 'LND-42',
        outcome,
      })
      const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
        product_request_id: created.body.product_request_id,
        type: 'embedded_report_token',
      })
      await sandbox.advance(seconds)
      const page = await open(sandbox, token.body.access_token as string)
      expect(page.status).toBe(200)
      expect(page.text).toContain(`<h1>${title}</h1>`)
      expect(page.text).toContain('<h2>What it means</h2>')
      expect(page.text).toContain(next)
      expect(page.text).not.toContain('data-ibv-status')
      expect(page.text).toContain('data-ibv-token-check="true"')
    },
  )

  it('a report being generated watches its status too', async () => {
    const { sandbox, token } = await setup()
    await sandbox.advance(3)
    const page = await open(sandbox, token)
    expect(page.text).toContain('<h1>Report being generated</h1>')
    expect(page.text).toContain('data-ibv-status="ibv_data_acquired"')
  })

  it('accepts the token at 1,799 s and refuses it at 1,800 s, telling the embedder', async () => {
    const { sandbox, token } = await setup()
    await sandbox.advance(1799)
    expect((await open(sandbox, token)).status).toBe(200)
    await sandbox.advance(1)
    const expired = await open(sandbox, token)
    expect(expired.status).toBe(401)
    expect(expired.text).toContain('data-ibv-expired="true"')
    expect(expired.text).toContain('<h1>Report link expired</h1>')
    expect(expired.text).toContain(
      'This report link has expired. The app showing this report asks for a new one.',
    )
    expect(expired.text).toContain('requests a new link by itself')
  })

  it('refuses unknown and consumer-kind tokens with a 401 page', async () => {
    const { sandbox } = await setup()
    const unknown = await open(sandbox, 'sbx_e_nope')
    expect(unknown.status).toBe(401)
    expect(unknown.text).toContain('<h1>Report link not valid</h1>')
    expect(unknown.text).toContain('<h2>What to do next</h2>')
    const consumer = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
    const page = await open(sandbox, consumer.body.access_token as string)
    expect(page.status).toBe(401)
    expect(page.text).toContain('not an embedded report token')
    expect(page.text).not.toContain('data-ibv-expired')
  })

  it('expires a token on demand (POST /sandbox/tokens/expire)', async () => {
    const { sandbox, token } = await setup()
    expect(
      (await call(sandbox, 'POST', '/sandbox/tokens/expire', { access_token: token })).body,
    ).toEqual({ expired: true })
    expect((await open(sandbox, token)).status).toBe(401)
    expect(
      (await call(sandbox, 'POST', '/sandbox/tokens/expire', { access_token: 'nope' })).status,
    ).toBe(404)
  })

  it('tells an open page whether its token still holds (GET /portal/token_status)', async () => {
    const { sandbox, token } = await setup()
    const status = async () =>
      (
        await call(
          sandbox,
          'GET',
          `/portal/token_status?token=${encodeURIComponent(token)}`,
          undefined,
          {},
        )
      ).body
    expect(await status()).toEqual({ valid: true, expires_in: 1800, status: 'initiated' })
    await sandbox.advance(1800)
    expect(await status()).toEqual({ valid: false, expires_in: 0 })
    expect(
      (await call(sandbox, 'GET', '/portal/token_status?token=nope', undefined, {})).body,
    ).toEqual({ valid: false, expires_in: 0 })
  })

  it('expires every report token of a product request on demand', async () => {
    const { sandbox, id, token } = await setup()
    const second = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
      product_request_id: id,
      type: 'embedded_report_token',
    })
    expect(
      (await call(sandbox, 'POST', '/sandbox/tokens/expire', { product_request_id: id })).body,
    ).toEqual({ expired: true })
    expect((await open(sandbox, token)).status).toBe(401)
    expect((await open(sandbox, second.body.access_token as string)).status).toBe(401)
    expect(
      (await call(sandbox, 'POST', '/sandbox/tokens/expire', { product_request_id: 'IBVNONE' }))
        .body,
    ).toEqual({ expired: false })
  })

  it('serves its script and stylesheet with the right types', async () => {
    const { sandbox } = await setup()
    const script = await call(sandbox, 'GET', '/assets/portal.js', undefined, {})
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.text).toContain("type:'ibv:resize'")
    expect(
      (await call(sandbox, 'GET', '/assets/sandbox.css', undefined, {})).headers.get(
        'content-type',
      ),
    ).toBe('text/css; charset=utf-8')
    expect((await call(sandbox, 'GET', '/assets/nope.js', undefined, {})).status).toBe(404)
  })
})
