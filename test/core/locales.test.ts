import { describe, expect, it } from 'vitest'
import {
  IbvError,
  REPORT_STATUSES,
  checkLocale,
  describeStatus,
  type IbvLocale,
} from 'ibv-kit/core'
import enPack, { en } from 'ibv-kit/locales/en'
import esPack, { es } from 'ibv-kit/locales/es'
import frCAPack, { frCA } from 'ibv-kit/locales/fr-CA'

// The maps a locale labels only the names it knows of (the lender's data dictionary).
const OPEN = new Set(['featureLabels', 'itemNames', 'accountTypes'])

/** Every text of a messages object by its path (`statusLabels.complete`), open maps left out. */
function texts(messages: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  for (const [key, value] of Object.entries(messages)) {
    if (!prefix && OPEN.has(key)) continue
    if (value && typeof value === 'object')
      for (const [path, text] of texts(value, `${prefix}${key}.`)) found.set(path, text)
    else found.set(`${prefix}${key}`, value)
  }
  return found
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[0]).sort()

/** A deep copy to break on purpose, typed as what a JSON file or a JavaScript module gives. */
const copy = (locale: IbvLocale) =>
  structuredClone(locale) as unknown as {
    code: unknown
    formats: unknown
    messages: Record<string, unknown>
  }

/** The message of what `checkLocale` threw, after checking it is an `invalid_request`. */
function refusal(locale: unknown): IbvError {
  try {
    checkLocale(locale)
  } catch (error) {
    expect(error).toBeInstanceOf(IbvError)
    expect((error as IbvError).code).toBe('invalid_request')
    return error as IbvError
  }
  throw new Error('checkLocale accepted it')
}

const english = texts(en.messages)

describe.each([
  ['es', es, esPack],
  ['fr-CA', frCA, frCAPack],
])('the %s pack', (code, pack, defaultExport) => {
  it('is its module’s default export too, with its code', () => {
    expect(defaultExport).toBe(pack)
    expect(pack.code).toBe(code)
    expect(pack.formats.namesInWords).toBe(false)
  })

  it('has every text English has, each a non-empty string', () => {
    const translated = texts(pack.messages)
    const missing = [...english.keys()].filter(
      (path) => typeof translated.get(path) !== 'string' || translated.get(path) === '',
    )
    expect(missing).toEqual([])
    expect(english.size).toBeGreaterThan(100)
  })

  it('keeps every placeholder of each English text, and adds none', () => {
    const translated = texts(pack.messages)
    const changed = [...english].flatMap(([path, text]) =>
      placeholders(String(text)).join() === placeholders(String(translated.get(path))).join()
        ? []
        : [path],
    )
    expect(changed).toEqual([])
  })

  it('leaves no text in English', () => {
    const translated = texts(pack.messages)
    const same = [...english]
      .filter(([path, text]) => translated.get(path) === text)
      .map(([path]) => path)
    expect(same).toEqual([])
  })

  it('labels the feature names, item code and account types the sandbox sends', () => {
    expect(Object.keys(pack.messages.featureLabels).sort()).toEqual([
      'average_monthly_income',
      'income_stability_score',
      'nsf_count_90d',
      'primary_income_source',
    ])
    expect(Object.keys(pack.messages.itemNames)).toEqual(['ibv_validate_metrics'])
    expect(Object.keys(pack.messages.accountTypes).sort()).toEqual([
      'checking',
      'credit_card',
      'money_market',
      'savings',
    ])
  })

  it('passes checkLocale', () => {
    expect(() => checkLocale(pack)).not.toThrow()
  })

  it('formats with an Intl locale this runtime knows', () => {
    expect(Intl.NumberFormat.supportedLocalesOf([pack.formats.intl])).toEqual([pack.formats.intl])
  })
})

describe('English as a locale', () => {
  it('is ibv-kit/locales/en, named and default', () => {
    expect(enPack).toBe(en)
    expect(en.code).toBe('en')
    expect(en.formats).toEqual({ intl: 'en-US', namesInWords: true })
    expect(() => checkLocale(en)).not.toThrow()
  })

  it('labels and describes every status as describeStatus does', () => {
    for (const status of REPORT_STATUSES) {
      expect(en.messages.statusLabels[status]).toBe(describeStatus(status).label)
      expect(en.messages.statusDescriptions[status]).toBe(describeStatus(status).description)
      expect(en.messages.statusDescriptionsBorrower[status]).toMatch(/\S/)
    }
  })
})

describe.each([
  ['en', en, 'The bank data is being pulled.'],
  ['es', es, 'Se están obteniendo los datos bancarios.'],
  ['fr-CA', frCA, 'Les données bancaires sont en cours d’obtention.'],
])('the staff description of a running request in %s', (_code, pack, says) => {
  // `initiated` once the applicant connected, and again while a refresh runs: nothing waits for
  // the applicant then, so it must not read as if something did.
  it('says the bank data is on its way, and waits for no one', () => {
    expect(pack.messages.statusDescriptions.initiated).toBe(says)
    expect(pack.messages.statusDescriptions.initiated).not.toMatch(
      /waiting|applicant|esperando|solicitante|attente|demandeur/i,
    )
  })
})

describe('checkLocale', () => {
  it('names a removed text, in a nested map too', () => {
    const broken = copy(es)
    delete (broken.messages.statusLabels as Record<string, string>).complete
    delete broken.messages.reportTitle
    const error = refusal(broken)
    expect(error.message).toContain('statusLabels.complete')
    expect(error.message).toContain('reportTitle')
    expect(error.fields).toEqual({ 'statusLabels.complete': ['missing'], reportTitle: ['missing'] })
  })

  it('names a text that is not a string, and a map that is not an object', () => {
    const broken = copy(frCA)
    broken.messages.close = 42
    broken.messages.fields = 'Champs'
    const error = refusal(broken)
    expect(error.fields?.close).toEqual(['not a string'])
    expect(error.fields?.fields).toEqual(['not an object'])
  })

  it('names a dropped placeholder and an unknown one', () => {
    const broken = copy(frCA)
    broken.messages.reconnectAction = 'Reconnecter'
    ;(broken.messages.reconnectTitleStaff as Record<string, string>).reconnect_required =
      'Invitez {consommateur} à reconnecter {institution}'
    const error = refusal(broken)
    expect(error.message).toContain('reconnectAction')
    expect(error.fields).toEqual({
      reconnectAction: ['lost the placeholder {institution}'],
      'reconnectTitleStaff.reconnect_required': [
        'lost the placeholder {consumer}',
        'has a placeholder English does not: {consommateur}',
      ],
    })
  })

  it('names a missing or invalid code and formats', () => {
    expect(refusal({ ...es, code: undefined }).fields).toEqual({ code: ['missing'] })
    expect(refusal({ ...es, code: 'not a language!' }).fields).toEqual({
      code: ['not a BCP 47 language tag'],
    })
    expect(refusal({ ...es, formats: undefined }).fields).toEqual({ formats: ['missing'] })
    expect(refusal({ ...es, formats: 'es-US' }).fields).toEqual({ formats: ['not an object'] })
    expect(refusal({ ...es, formats: { intl: 'es-US' } }).fields).toEqual({
      'formats.namesInWords': ['missing'],
    })
    expect(refusal({ ...es, formats: { intl: 'es-US', namesInWords: 'no' } }).fields).toEqual({
      'formats.namesInWords': ['not a boolean'],
    })
    expect(refusal({ ...es, formats: { intl: 7, namesInWords: false } }).fields).toEqual({
      'formats.intl': ['not a string'],
    })
  })

  it('refuses what is not a locale at all, saying so', () => {
    expect(refusal(undefined).message).toMatch(/not an object/)
    expect(refusal({ code: 'xx', formats: { intl: 'en-US', namesInWords: true } }).fields).toEqual({
      messages: ['missing'],
    })
  })

  it('names a text it could not read, rather than throw what the getter threw', () => {
    const hostile = copy(es)
    Object.defineProperty(hostile.messages, 'reconnectAction', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expect(refusal(hostile).fields).toEqual({ reconnectAction: ['could not be read (boom)'] })
    expect(
      refusal({
        ...es,
        get code() {
          throw new Error('no code')
        },
      }).fields,
    ).toEqual({ code: ['could not be read (no code)'] })
  })

  it('reads only a locale’s own texts, as the components do: inherited ones are missing', () => {
    const inherited = {
      ...copy(es),
      messages: Object.create(es.messages) as Record<string, unknown>,
    }
    expect(refusal(inherited).fields?.reconnectAction).toEqual(['missing'])
  })

  it('lets the open maps label only the names a locale knows', () => {
    const minimal = copy(es)
    minimal.messages.featureLabels = {}
    minimal.messages.itemNames = {}
    minimal.messages.accountTypes = { loan: 'Préstamo' }
    expect(() => checkLocale(minimal)).not.toThrow()
    minimal.messages.accountTypes = { loan: 3 }
    expect(refusal(minimal).fields).toEqual({ 'accountTypes.loan': ['not a string'] })
  })
})
