import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { resolveLocale, textsFor } from '../../src/sandbox/pages/texts/index.js'
import { REPORT_STATUSES, type IbvReport } from '../../src/core/index.js'
import { es } from '../../src/locales/es.js'
import { frCA } from '../../src/locales/fr-CA.js'
import { call, formAction, submitForm } from './call.js'
import { englishLeft, visibleText } from './english-left.js'

// The hosted pages in the borrower's or the lender's language: the `locale` parameter, kept through
// the widget's steps; Accept-Language for a reconnect link opened on its own; English otherwise.
const ORIGIN = 'https://lender.test'
const lang = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1]
const h1 = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1]

async function widget(sandbox: Sandbox, query = '', headers: Record<string, string> = {}) {
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
  return call(
    sandbox,
    'GET',
    `/connect?token=${token.body.access_token as string}&origin=${encodeURIComponent(ORIGIN)}${query}`,
    undefined,
    headers,
  )
}

async function reconnectLink(sandbox: Sandbox): Promise<string> {
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: `LND-${crypto.randomUUID()}`,
    outcome: 'reconnect_required',
  })
  const link = new URL(created.body.ibv_connection_link as string)
  return `${link.pathname}${link.search}`
}

async function reportPage(sandbox: Sandbox, outcome: string, seconds: number, query: string) {
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: 'LND-42',
    outcome,
    accounts: 2,
  })
  const id = created.body.product_request_id as string
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
    product_request_id: id,
    type: 'embedded_report_token',
  })
  await sandbox.advance(seconds)
  const page = await call(
    sandbox,
    'GET',
    `/portal/embeddable_reports?token=${token.body.access_token as string}${query}`,
    undefined,
    {},
  )
  return { page, id, token: token.body.access_token as string }
}

describe('which language a hosted page speaks', () => {
  it.each([
    ['es', undefined, 'es'],
    ['es-MX', undefined, 'es'],
    ['fr', undefined, 'fr-CA'],
    ['fr-FR', undefined, 'fr-CA'],
    ['FR_ca', undefined, 'fr-CA'],
    ['en-GB', 'es', 'en'],
    ['de', 'es', 'en'],
    ['', 'de-DE, fr-FR;q=0.8, es;q=0.9', 'es'],
    [undefined, 'de, fr-CA;q=0.5', 'fr-CA'],
    [undefined, 'es;q=0, fr;q=0.1', 'fr-CA'],
    [undefined, '*, de', 'en'],
    [undefined, 'garbage;;q=x,,', 'en'],
    [undefined, undefined, 'en'],
  ])('locale %j, Accept-Language %j: %s', (param, accept, expected) => {
    expect(resolveLocale(param, accept)).toBe(expected)
  })
})

describe('the connect widget in a locale', () => {
  it('speaks Spanish through every step, the locale kept by the session, <html lang> set', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const first = await widget(sandbox, '&locale=es')
    expect(lang(first.text)).toBe('es')
    expect(h1(first.text)).toBe('Elija su banco')
    expect(first.text).toContain('Paso 1 de 3')
    const action = formAction(first.text)
    const search = await call(sandbox, 'GET', `${action}?q=quok`, undefined, {})
    expect(search.text).toContain('1 banco coincide con “<bdi>quok</bdi>”')
    const signIn = await submitForm(sandbox, action, { institution: 'quokka' })
    expect(lang(signIn.text)).toBe('es')
    expect(h1(signIn.text)).toBe('Inicie sesión en Quokka Savings &#38; Loan')
    const wrong = await submitForm(sandbox, action, { username: 'user_good', password: 'nope' })
    expect(wrong.text).toContain('El usuario o la contraseña no son correctos.')
    const mfa = await submitForm(sandbox, action, { username: 'user_mfa', password: 'pass_good' })
    expect(h1(mfa.text)).toBe('Ingrese el código')
    expect(mfa.text).toContain('Paso 3 de 3')
    const wrongCode = await submitForm(sandbox, action, { code: '000000' })
    expect(wrongCode.text).toContain('Ese código no es correcto.')
    const done = await submitForm(sandbox, action, { code: '123456' })
    expect(h1(done.text)).toBe('Conectado')
    for (const page of [first, search, signIn, wrong, mfa, wrongCode, done]) {
      expect(lang(page.text)).toBe('es')
      expect(englishLeft(visibleText(page.text), textsFor('es'))).toEqual([])
    }
  })

  it('speaks Canadian French to fr and fr-FR, English to an unknown locale or none (Accept-Language ignored: the app chose)', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    for (const locale of ['fr', 'fr-FR', 'fr-CA']) {
      const page = await widget(sandbox, `&locale=${locale}`)
      expect(lang(page.text)).toBe('fr-CA')
      expect(englishLeft(visibleText(page.text), textsFor('fr-CA'))).toEqual([])
    }
    for (const query of ['&locale=de', '']) {
      const page = await widget(sandbox, query, { 'accept-language': 'es' })
      expect(lang(page.text)).toBe('en')
      expect(h1(page.text)).toBe('Choose your bank')
      // The check has teeth: an English page is full of English.
      expect(englishLeft(visibleText(page.text), textsFor('fr-CA'))).toEqual(
        expect.arrayContaining(['Choose your bank', 'Search for your bank', 'Step', 'Search']),
      )
    }
  })

  it('tells of a refused token, a bad origin and an ended session in the locale; the messages to the app stay English', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const refused = await call(
      sandbox,
      'GET',
      `/connect?token=nope&origin=${encodeURIComponent(ORIGIN)}&locale=fr-CA`,
      undefined,
      {},
    )
    expect(lang(refused.text)).toBe('fr-CA')
    expect(refused.text).toContain('Ce lien de connexion n’est pas valide.')
    expect(refused.text).toContain('This connect link is not valid.') // in the ibv:exit message, for developers
    const origin = await call(
      sandbox,
      'GET',
      '/connect?token=nope&origin=nope&locale=es',
      undefined,
      {},
    )
    expect(h1(origin.text)).toBe('No se puede conectar')
    const ended = await call(
      sandbox,
      'GET',
      '/connect/sessions/ws_unknown?locale=es',
      undefined,
      {},
    )
    expect(h1(ended.text)).toBe('Sesión terminada')
  })

  it('a reconnect link speaks the locale asked for, else the browser’s first supported language, else English', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const asked = await call(
      sandbox,
      'GET',
      `${await reconnectLink(sandbox)}&locale=es`,
      undefined,
      { 'accept-language': 'fr-CA' },
    )
    expect(lang(asked.text)).toBe('es')
    expect(asked.text).toContain('Paso 1 de 2')
    const browser = await call(sandbox, 'GET', await reconnectLink(sandbox), undefined, {
      'accept-language': 'de-DE, fr-FR;q=0.9, en;q=0.8',
    })
    expect(lang(browser.text)).toBe('fr-CA')
    expect(h1(browser.text)).toMatch(/^Connectez-vous à /)
    expect(englishLeft(visibleText(browser.text), textsFor('fr-CA'))).toEqual([])
    // Its steps keep the language: a wrong password, in French.
    const institution = /name="institution" value="([^"]+)"/.exec(browser.text)?.[1] ?? ''
    const wrong = await submitForm(sandbox, formAction(browser.text), {
      institution,
      username: 'user_good',
      password: 'nope',
    })
    expect(lang(wrong.text)).toBe('fr-CA')
    expect(wrong.text).toContain('Le nom d’utilisateur ou le mot de passe est erroné.')
    const none = await call(sandbox, 'GET', await reconnectLink(sandbox), undefined, {
      'accept-language': 'de, ja',
    })
    expect(lang(none.text)).toBe('en')
    const invalid = await call(sandbox, 'GET', '/connect?link=nope', undefined, {
      'accept-language': 'es-MX',
    })
    expect(invalid.text).toContain('Este enlace para volver a conectar no es válido.')
  })
})

describe('the report page in a locale', () => {
  it('a complete report in Canadian French: labels, money, numbers and dates written the French-Canadian way', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page, id } = await reportPage(sandbox, 'complete', 6, '&locale=fr-CA')
    const report = (await call(sandbox, 'GET', `/api/v2/ibv/requests/${id}`))
      .body as unknown as IbvReport
    expect(lang(page.text)).toBe('fr-CA')
    expect(page.text).toContain(
      '<dt>Statut</dt><dd><span class="status" data-tone="success">Terminé</span></dd>',
    )
    const money = new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'USD' })
    for (const account of report.accounts)
      expect(page.text).toContain(
        `<span class="portal-balance">${money.format(account.balance)}</span>`,
      )
    const [year, month, day] = report.reference_date.split('-').map(Number)
    const date = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.UTC(year!, month! - 1, day!),
    )
    expect(page.text).toContain(
      `<dt>Date de référence</dt><dd><time datetime="${report.reference_date}">${date}</time></dd>`,
    )
    // A decimal comma: the fraction starts at it.
    expect(page.text).toMatch(/<span class="portal-fraction">,\d{1,4}<\/span>/)
    expect(englishLeft(visibleText(page.text), textsFor('fr-CA'))).toEqual([])
  })

  it.each([
    ['es', es],
    ['fr-CA', frCA],
  ] as const)(
    'a complete report in %s labels its account types and its item, as the pack does',
    async (code, pack) => {
      const sandbox = createSandbox({ clock: createManualClock() })
      const { page } = await reportPage(sandbox, 'complete', 6, `&locale=${code}`)
      expect(page.text).toContain(`<dd>${pack.messages.accountTypes.checking}</dd>`)
      expect(page.text).toContain(
        `<h4>${pack.messages.itemNames.ibv_validate_metrics} <small>ibv_validate_metrics`,
      )
      expect(page.text).not.toContain('IBV validate metrics')
    },
  )

  it('a complete report in English writes its dates in words too, and keeps its English figures', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const { page } = await reportPage(sandbox, 'complete', 6, '')
    expect(lang(page.text)).toBe('en')
    expect(page.text).toMatch(
      /<dt>Reference date<\/dt><dd><time datetime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time><\/dd>/,
    )
    expect(page.text).toMatch(/<span class="portal-fraction">\.\d{1,4}<\/span>/)
  })

  it.each([
    ['initiated', 0, 'Informe en curso'],
    ['ibv_data_acquired', 3, 'Generando el informe'],
    ['reconnect_required', 0, 'Hay que volver a conectar el banco'],
    ['ibv_data_acquire_failed', 6, 'No se pudieron obtener los datos del banco'],
    ['generation_failed', 6, 'No se pudo generar el informe'],
  ])(
    '%s in Spanish (after %i s): %s, with no English left (and the page its token expires into, too)',
    async (outcome, seconds, title) => {
      const sandbox = createSandbox({ clock: createManualClock() })
      const { page } = await reportPage(
        sandbox,
        outcome === 'initiated' || outcome === 'ibv_data_acquired' ? 'complete' : outcome,
        seconds,
        '&locale=es',
      )
      expect(lang(page.text)).toBe('es')
      expect(h1(page.text)).toBe(title)
      expect(page.text).toContain('Sesión de informe vencida')
      expect(englishLeft(visibleText(page.text), textsFor('es'))).toEqual([])
    },
  )

  it.each(['es', 'fr-CA'] as const)(
    'refused tokens in %s: not valid, expired, wrong kind',
    async (locale) => {
      const sandbox = createSandbox({ clock: createManualClock() })
      const { token } = await reportPage(sandbox, 'complete', 1800, '')
      const consumer = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
      const texts = textsFor(locale)
      for (const [value, problem] of [
        ['sbx_e_nope', 'unknown'],
        [token, 'expired'],
        [consumer.body.access_token as string, 'wrong_kind'],
      ] as const) {
        const page = await call(
          sandbox,
          'GET',
          `/portal/embeddable_reports?token=${value}&locale=${locale}`,
          undefined,
          {},
        )
        expect(page.status).toBe(401)
        expect(lang(page.text)).toBe(locale)
        expect(visibleText(page.text)).toContain(texts.portal.refused[problem].text)
        expect(englishLeft(visibleText(page.text), texts)).toEqual([])
      }
    },
  )
})

describe('the hosted report and the components, side by side on a loan officer’s screen', () => {
  it.each([
    ['es', es],
    ['fr-CA', frCA],
  ] as const)('name each status and the features with the words of the %s pack', (code, pack) => {
    const { portal } = textsFor(code)
    for (const status of REPORT_STATUSES)
      expect(portal.statusLabels[status]).toBe(pack.messages.statusLabels[status])
    expect(portal.feature).toBe(pack.messages.feature)
    expect(portal.routingNumber).toBe(pack.messages.fields.routingNumber)
  })
})
