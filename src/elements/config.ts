import { IbvError } from '../core/errors.js'
import { backendTokenFetcher, type IbvFetchers } from '../core/fetchers.js'
import { withText, type IbvMessageOverrides } from '../core/messages.js'
import type { IbvLocale } from '../core/locale.js'
import { checkAllowedServiceOrigins, type ServiceOriginPolicy } from '../core/service-origins.js'

/** The token route of `createIbvBackend` at its default `basePath`. */
export const DEFAULT_TOKEN_URL = '/api/ibv/tokens'

/** The page's defaults for every `<ibv-*>` element, set once with `configureIbv`. */
export interface IbvElementsConfig {
  /** The service's base URL, where the hosted report and bank-connection pages live. */
  serviceUrl: string
  /**
   * The service origins an element may use: an element whose `service-url` attribute (resolved
   * against the page) is on another origin asks for no token, loads nothing, shows its error and
   * sends `ibv-error` with an `invalid_request` `IbvError`. Markup can be injected into a page where
   * script cannot: this keeps an injected element from minting a token and handing it to another
   * site. List every origin in use, `serviceUrl`'s included (`['https://ibv.example.com',
   * 'https://eu.ibv.example.com']`); a path stands for the page's origin.
   * @default the origin of `serviceUrl` only; without `configureIbv`, the page's own origin only
   */
  allowedServiceOrigins?: readonly string[]
  /**
   * The lender's backend route that mints tokens (`createIbvBackend`'s `POST {basePath}/tokens`);
   * an element's `token-url` attribute overrides it. Not used when `fetchers` is given.
   * @default '/api/ibv/tokens'
   */
  tokenUrl?: string
  /**
   * Your own plug to the backend, as for React's `<IbvProvider fetchers>` (`createBackendFetchers`
   * with a CSRF header, say). Given, its `token` mints every token and its `completeInvite`
   * records a used invite, except for an element with its own `token-url` attribute (which uses
   * that backend's routes, from the route table).
   */
  fetchers?: IbvFetchers
  /**
   * The language of every element on the page (`es` from `ibv-kit/locales/es`, `frCA` from
   * `ibv-kit/locales/fr-CA`, or your own), as React's `<IbvProvider locale>`: its texts, the
   * elements' `lang`, and the language asked of the hosted pages. @default English
   */
  locale?: IbvLocale
  /** Text overrides for every element on the page, on top of the locale's: any key of the catalogue. */
  messages?: IbvMessageOverrides
  /**
   * The query parameter that asks the hosted pages for the locale's language; null sends none.
   * Nothing is sent without a `locale`. @default 'locale'
   */
  localeParam?: string | null
}

let page: Readonly<IbvElementsConfig & { texts: IbvMessageOverrides | undefined }> | undefined

/**
 * Sets the page's defaults for every `<ibv-*>` element: call it once, before or after
 * `defineIbvElements()`. Elements read it each time they render; the attributes `service-url` and
 * `token-url` override it per element. Touches no `window`: safe to call on a server.
 *
 * @example
 * configureIbv({ serviceUrl: 'https://ibv.example.com' })
 */
export function configureIbv(config: IbvElementsConfig): void {
  if (typeof config?.serviceUrl !== 'string' || config.serviceUrl.trim() === '') {
    throw new IbvError(
      'invalid_request',
      'configureIbv: serviceUrl is required, the service\'s base URL (such as "https://ibv.example.com").',
      { source: 'app' },
    )
  }
  const { locale, messages } = config
  checkAllowedServiceOrigins(config.allowedServiceOrigins, 'configureIbv')
  if (locale && typeof locale.messages !== 'object')
    throw new IbvError(
      'invalid_request',
      'configureIbv: locale must be an IbvLocale (such as es); single texts go in messages.',
      { source: 'app' },
    )
  // The locale's texts under the page's, once for every element.
  page = { ...config, texts: locale ? withText(locale.messages, messages) : messages }
}

/** What one element works with: the page's defaults with its own attributes on top. */
export interface ElementSettings {
  serviceUrl: string | undefined
  /** The origins `serviceUrl` may be on: the page's configuration, never the element's. */
  serviceOrigins: ServiceOriginPolicy
  tokenUrl: string
  fetchers: Pick<IbvFetchers, 'token' | 'completeInvite'>
  texts: IbvMessageOverrides | undefined
  /** The locale's language tag (the elements' `lang`); undefined: English, no `lang` set. */
  lang: string | undefined
  /** The query parameter that carries `lang` to the hosted pages. */
  localeParam: string | null | undefined
}

/**
 * Gives the element the locale's `lang`, for screen readers, unless the page gave it one of its
 * own (or it has one from an earlier locale: the page's locale is set once).
 */
export function speak(element: HTMLElement, { lang }: ElementSettings): void {
  if (lang && !element.lang) element.lang = lang
}

/** The fetchers an element has from a token URL alone. */
export type TokenUrlFetchers = (tokenUrl: string) => ElementSettings['fetchers']

/**
 * The settings of `element`: its `service-url` and `token-url` attributes, else the page's. Without
 * the page's `fetchers` (or with its own `token-url`), the element's come from `fromTokenUrl`: the
 * token-fetcher alone by default; `<ibv-connect-button>` adds `completeInvite` (so an element that
 * needs no more carries no more).
 */
export function elementSettings(
  element: Element,
  fromTokenUrl: TokenUrlFetchers = (tokenUrl) => ({ token: backendTokenFetcher(tokenUrl) }),
): ElementSettings {
  const ownTokenUrl = element.getAttribute('token-url') || undefined
  const tokenUrl = ownTokenUrl ?? page?.tokenUrl ?? DEFAULT_TOKEN_URL
  return {
    serviceUrl: element.getAttribute('service-url') || page?.serviceUrl,
    serviceOrigins: {
      serviceUrl: page?.serviceUrl,
      allowedServiceOrigins: page?.allowedServiceOrigins,
    },
    tokenUrl,
    fetchers: !ownTokenUrl && page?.fetchers ? page.fetchers : fromTokenUrl(tokenUrl),
    texts: page?.texts,
    lang: page?.locale?.code,
    localeParam: page?.localeParam,
  }
}
