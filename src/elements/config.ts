import { IbvError } from '../core/errors.js'
import { backendTokenFetcher, type IbvFetchers } from '../core/fetchers.js'
import type { IbvMessageOverrides } from '../core/messages.js'

/** The token route of `createIbvBackend` at its default `basePath`. */
export const DEFAULT_TOKEN_URL = '/api/ibv/tokens'

/** The page's defaults for every `<ibv-*>` element, set once with `configureIbv`. */
export interface IbvElementsConfig {
  /** The service's base URL, where the hosted report and bank-connection pages live. */
  serviceUrl: string
  /**
   * The lender's backend route that mints tokens (`createIbvBackend`'s `POST {basePath}/tokens`);
   * an element's `token-url` attribute overrides it. Not used when `fetchers` is given.
   * @default '/api/ibv/tokens'
   */
  tokenUrl?: string
  /**
   * Your own plug to the backend, as for React's `<IbvProvider fetchers>` (`createBackendFetchers`
   * with a CSRF header, say). Given, its `token` mints every token, except for an element with
   * its own `token-url` attribute.
   */
  fetchers?: IbvFetchers
  /**
   * Text overrides for every element on the page, for now a partial texts object: any key of the
   * default catalogue, as React's `<IbvProvider messages>` takes them.
   */
  locale?: IbvMessageOverrides
}

let page: Readonly<IbvElementsConfig> | undefined

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
    throw new IbvError('invalid_request', 'configureIbv: serviceUrl is required, the service\'s base URL (such as "https://ibv.example.com").')
  }
  page = { ...config }
}

/** What one element works with: the page's defaults with its own attributes on top. */
export interface ElementSettings {
  serviceUrl: string | undefined
  tokenUrl: string
  fetchers: Pick<IbvFetchers, 'token' | 'completeInvite'>
  texts: IbvMessageOverrides | undefined
}

/** The settings of `element`: its `service-url` and `token-url` attributes, else the page's. */
export function elementSettings(element: Element): ElementSettings {
  const ownTokenUrl = element.getAttribute('token-url') || undefined
  const tokenUrl = ownTokenUrl ?? page?.tokenUrl ?? DEFAULT_TOKEN_URL
  return {
    serviceUrl: element.getAttribute('service-url') || page?.serviceUrl,
    tokenUrl,
    fetchers: !ownTokenUrl && page?.fetchers ? page.fetchers : { token: backendTokenFetcher(tokenUrl) },
    texts: page?.locale,
  }
}
