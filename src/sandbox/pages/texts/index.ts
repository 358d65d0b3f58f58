import { en } from './en.js'
import { es } from './es.js'
import { frCA } from './fr-CA.js'
import type { SandboxLocale, SandboxTexts } from './types.js'

export type { PortalTexts, SandboxLocale, SandboxTexts, WidgetTexts } from './types.js'

// Which language a hosted page speaks: the `locale` query parameter (the components send it), else,
// where the page was opened on its own (a reconnect link), the browser's Accept-Language, else
// English. A tag is matched by its language: `fr`, `fr-FR` get fr-CA, `es-MX` gets es.

const TEXTS: Record<SandboxLocale, SandboxTexts> = { en, es, 'fr-CA': frCA }
const BY_LANGUAGE: Record<string, SandboxLocale> = { en: 'en', es: 'es', fr: 'fr-CA' }

/** The texts of a supported language. */
export function textsFor(locale: SandboxLocale): SandboxTexts {
  return TEXTS[locale]
}

/** The supported language for a BCP 47 tag, by its language subtag; undefined for any other. */
export function supportedLocale(tag: string): SandboxLocale | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return Object.hasOwn(BY_LANGUAGE, language) ? BY_LANGUAGE[language] : undefined
}

/** The languages of an Accept-Language header, most wanted first (q=0 and `*` left out). */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim())
      const q = params.find((param) => /^q=/i.test(param))
      return { tag, index, q: q ? Number(q.slice(2)) : 1 }
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
}

/**
 * The language a page speaks: the `locale` parameter when one is given (an unsupported one gets
 * English), else the first supported language of `acceptLanguage` (pass it only for pages opened
 * on their own), else English.
 */
export function resolveLocale(param: string | undefined, acceptLanguage?: string): SandboxLocale {
  if (param) return supportedLocale(param) ?? 'en'
  for (const tag of acceptedTags(acceptLanguage ?? '')) {
    const locale = supportedLocale(tag)
    if (locale) return locale
  }
  return 'en'
}
