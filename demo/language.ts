// The language of the ibv-kit components on the demo's pages: `?lang=es` or `?lang=fr-CA` in the
// address (an invite link can carry the applicant's language, which a lender knows), else English.
// The demo's own texts stay in English.
import type { IbvLocale } from 'ibv-kit'
import { es } from 'ibv-kit/locales/es'
import { frCA } from 'ibv-kit/locales/fr-CA'

const LOCALES: Record<string, IbvLocale> = { es, 'fr-CA': frCA }

export const locale: IbvLocale | undefined =
  LOCALES[new URLSearchParams(window.location.search).get('lang') ?? '']
