// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { en } from '../../src/core/english.js'
import { es } from '../../src/locales/es.js'
import { frCA } from '../../src/locales/fr-CA.js'
import { textsFor, type SandboxLocale } from '../../src/sandbox/pages/texts/index.js'

// One word for each thing, in each language, in every text a person reads: the components' packs
// (English is core's locale, src/core/english.ts) and the sandbox's hosted pages
// (src/sandbox/pages/texts/). Per language, a table: the thing, the one word for it (its forms),
// and the synonyms that would mix in. Canadian French also writes its punctuation the French way.
// docs/guides/languages.md shows the same glossary to translators.

interface Term {
  /** What the word names. */
  concept: string
  /** The one word, with its forms: a pattern of whole words (case ignored). */
  word: string
  /** Synonyms that must not appear, as patterns of whole words. */
  not: string[]
}

const GLOSSARY: Record<SandboxLocale, Term[]> = {
  en: [
    {
      concept: 'the applicant (staff voice)',
      word: 'applicants?',
      not: ['consumers?', 'borrowers?', 'customers?', 'clients?'],
    },
    { concept: 'the bank', word: 'banks?', not: ['institutions?', 'FIs?'] },
    { concept: 'a newer report', word: 'refresh(?:es|ed|ing)?', not: ['updat(?:e|es|ed|ing)'] },
    { concept: 'the report', word: 'reports?', not: ['statements?'] },
  ],
  es: [
    {
      concept: 'the applicant (staff voice)',
      word: 'solicitantes?',
      not: ['consumidor(?:es|as?)?', 'clientes?', 'prestatari[oa]s?'],
    },
    {
      concept: 'the bank',
      word: 'bancos?',
      not: ['instituci(?:ón|ones)', 'entidad(?:es)? financieras?'],
    },
    { concept: 'the report', word: 'informes?', not: ['reportes?'] },
    { concept: 'a newer report', word: 'actualiz\\p{L}*', not: ['refresc\\p{L}*'] },
    {
      concept: 'reconnecting',
      word: '(?:volver|vuelva|vuelto|vuelve) a conectar\\p{L}*',
      not: ['reconect\\p{L}*'],
    },
    { concept: 'the features', word: 'indicador(?:es)?', not: ['caracter[ií]sticas?'] },
    {
      concept: 'getting the bank data',
      word: 'obten\\p{L}*|obtuv\\p{L}*|obtien\\p{L}*',
      not: ['extra(?:er|cción|ído|ída|ídos|ídas)'],
    },
    { concept: 'a score', word: 'puntajes?', not: ['puntuaci(?:ón|ones)'] },
    { concept: 'a link', word: 'enlaces?', not: ['v[ií]nculos?', 'links?'] },
    { concept: 'expiring', word: 'venc\\p{L}*', not: ['expir\\p{L}*', 'caduc\\p{L}*'] },
  ],
  'fr-CA': [
    {
      concept: 'the applicant (staff voice)',
      word: 'demandeurs?',
      not: ['consommat(?:eur|rice)s?', 'clients?', 'emprunteu(?:r|se)s?', 'requérants?'],
    },
    // Not "banque": many borrowers in Canada bank with a credit union (caisse populaire). Never
    // "institution" alone either, which is the same thing said another way.
    {
      concept: 'the bank',
      word: 'institutions? financières?',
      not: [
        'banques?',
        'institutions?(?![\\s\\u00a0]+financières?)',
        'établissements? financiers?',
      ],
    },
    { concept: 'the report', word: 'rapports?', not: ['relevés?'] },
    {
      concept: 'a newer report',
      word: 'actualis\\p{L}*',
      not: ['rafraîch\\p{L}*', 'mis(?:e|es)? à jour', 'mettre à jour'],
    },
    { concept: 'reconnecting', word: 'reconnect\\p{L}*|reconnexion', not: ['rebranch\\p{L}*'] },
    {
      concept: 'the features',
      word: 'indicateurs?',
      not: ['caractéristiques?', 'fonctionnalités?'],
    },
    {
      concept: 'getting the bank data',
      word: 'obten\\p{L}*|obtenu\\p{L}*|obtention',
      not: ['extraction', 'extrai\\p{L}*'],
    },
    { concept: 'a score', word: 'pointages?', not: ['scores?', 'cotes?'] },
    { concept: 'a link', word: 'liens?', not: ['hyperliens?', 'links?'] },
  ],
}

const PACKS = { en, es, 'fr-CA': frCA }

/** Every text of a texts object by its path; a function's for the arguments 1 and 2 (singular and plural). */
function texts(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]]
  if (typeof value === 'function') {
    const write = value as (...args: unknown[]) => unknown
    return [1, 2].map((n) => [
      `${path}(${n})`,
      String(write(...Array.from({ length: write.length }, () => n))),
    ])
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${path}.${key}`))
  return []
}

/** Every text a person reads in `language`: its pack's messages and its sandbox pages' texts. */
function textsOf(language: SandboxLocale): Array<[string, string]> {
  const pages = Object.fromEntries(
    Object.entries(textsFor(language)).filter(([key]) => key !== 'lang' && key !== 'intl'),
  )
  return [
    ...texts(PACKS[language].messages, `locales/${language}`),
    ...texts(pages, `sandbox/pages/texts/${language}`),
  ]
}

/** A text's words: no placeholders (`{consumer}` is a name), codes (`embedded_report_token`) or addresses. */
const words = (text: string) =>
  text
    .replace(/\{\w+\}/g, ' ')
    .replace(/https?:\/\/\S+|http\(s\)/g, ' ')
    .replace(/\S*_\S*/g, ' ')

/** A pattern of whole words: no letter right before or after (`\b` knows no accents). */
const wholeWords = (source: string) => new RegExp(`(?<!\\p{L})(?:${source})(?!\\p{L})`, 'giu')

/** The synonyms of `term` found in `all`, as "path: word". */
function mixed(term: Term, all: Array<[string, string]>): string[] {
  return all.flatMap(([path, text]) =>
    term.not.flatMap((synonym) =>
      [...words(text).matchAll(wholeWords(synonym))].map((match) => `${path}: ${match[0]}`),
    ),
  )
}

const NO_BREAK = '[\\u00a0\\u202f]'

/**
 * Canadian French punctuation, as the Office québécois de la langue française writes it: a no-break
 * space (U+00A0, or the narrow U+202F) before : ; ! ? and inside « ». Straight apostrophes are the
 * typewriter's: French writes ’. Returns the faults as "path: the text around it".
 */
function typography(all: Array<[string, string]>): string[] {
  const faults = [
    new RegExp(`(?<!${NO_BREAK})[:;!?](?!//)`, 'g'),
    new RegExp(`«(?!${NO_BREAK})|(?<!${NO_BREAK})»`, 'g'),
    /'/g,
  ]
  return all.flatMap(([path, text]) => {
    const plain = words(text)
    return faults.flatMap((fault) =>
      [...plain.matchAll(fault)].map(
        (match) => `${path}: …${plain.slice(Math.max(0, match.index - 12), match.index + 2)}`,
      ),
    )
  })
}

describe.each(Object.keys(GLOSSARY) as SandboxLocale[])('the glossary of %s', (language) => {
  const all = textsOf(language)

  it('reads the pack and the sandbox pages', () => {
    expect(all.filter(([path]) => path.startsWith('locales/')).length).toBeGreaterThan(100)
    expect(all.filter(([path]) => path.startsWith('sandbox/')).length).toBeGreaterThan(100)
  })

  it.each(GLOSSARY[language].map((term) => [term.concept, term]))(
    '%s: one word, never a synonym',
    (_concept, term) => {
      expect(all.some(([, text]) => wholeWords(term.word).test(words(text)))).toBe(true)
      expect(mixed(term, all)).toEqual([])
    },
  )
})

describe('Canadian French typography', () => {
  it('has a no-break space before : ; ! ? and inside « », and the typographic apostrophe', () => {
    expect(typography(textsOf('fr-CA'))).toEqual([])
  })
})

describe('the checks themselves', () => {
  const bank = GLOSSARY['fr-CA'].find((term) => term.concept === 'the bank')!

  it('find a mixed term', () => {
    const sample: Array<[string, string]> = [
      ['a', 'Connectez votre banque.'],
      ['b', 'Choisissez une autre institution.'],
      ['c', 'Reconnectez votre institution financière ou {institution}.'],
    ]
    expect(mixed(bank, sample)).toEqual(['a: banque', 'b: institution'])
    expect(
      mixed(GLOSSARY.en[0]!, [
        ['d', 'Ask the consumer to reconnect {consumer}’s bank (consumer_id).'],
      ]),
    ).toEqual(['d: consumer'])
  })

  it('find French punctuation without its space, and keep addresses and codes', () => {
    const sample: Array<[string, string]> = [
      ['a', 'Indicateurs: {item}'],
      ['b', 'Rien à faire; la page vérifie.'],
      ['c', "Le statut «{status}\u00a0» l'est"],
      ['d', 'Autoriser\u202f? Voir https://lender.example et redirect_uri\u00a0: oui.'],
    ]
    expect(typography(sample).map((fault) => fault.split(':')[0])).toEqual(['a', 'b', 'c', 'c'])
  })
})
