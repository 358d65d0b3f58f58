'use client'
import { useContext, useMemo, useState, type ReactNode } from 'react'
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import type { PrefetchedReport } from '../core/index.js'
import { createConnectScope } from '../core/connect-session-scope.js'
import { IbvContext, type IbvAudience, type IbvContextValue } from './context.js'
import type { IbvFetchers } from '../core/fetchers.js'
import { withText, type IbvMessageOverrides } from '../core/messages.js'
import type { IbvLocale } from '../core/locale.js'
import type { ServiceOriginPolicy } from '../core/service-origins.js'

export interface IbvProviderProps {
  /** The plug to the lender's backend; `createBackendFetchers()` for the routes of `createIbvBackend`. */
  fetchers: IbvFetchers
  /** The service's base URL: where the report iframe and the connect widget load from. */
  serviceUrl: string
  /**
   * The service origins the components below may load the hosted pages from, and so ask a token
   * for: with `serviceUrl` on another origin, `<EmbeddedReport>` and the connect widget show their
   * error (an `invalid_request` `IbvError`) and the token-fetcher is not called. Set it when
   * `serviceUrl` comes from somewhere a user could change (a setting, a query parameter), listing
   * every origin in use; a path stands for the page's origin. A malformed list is each component's
   * error, a TypeError naming the option (checked where used, so components without a service URL
   * carry no code for it).
   * @default the origin of `serviceUrl` only
   */
  allowedServiceOrigins?: readonly string[]
  /** The React Query client. @default the nearest `QueryClientProvider`'s, or one of its own */
  queryClient?: QueryClient
  /**
   * The language of every component below (`es` from `ibv-kit/locales/es`, `frCA` from
   * `ibv-kit/locales/fr-CA`, or your own): its texts, its numbers, money, dates and order of names,
   * each component's `lang`, and the language asked of the hosted pages. @default English ('en-US' formats)
   */
  locale?: IbvLocale
  /**
   * The query parameter that asks the hosted pages (the connect widget, the report) for the
   * locale's language; null sends none. Nothing is sent without a `locale`. @default 'locale'
   */
  localeParam?: string | null
  /** Text overrides for every component below, on top of the locale's; a component's own `messages` win. */
  messages?: IbvMessageOverrides
  /**
   * Who reads the texts of the components below that have two voices (`<ReconnectPrompt>`,
   * `<ReportStatusBadge>`): a component's own `audience` prop wins. @default each component's own: staff
   */
  audience?: IbvAudience
  /**
   * What `prefetchReport` (ibv-kit/server) fetched for this page on the server, as it returned
   * it (null included). `<EmbeddedReport>` and `useIbvReport` below start from it, so the
   * server-rendered HTML already holds the report iframe and the status. A token past its renewal
   * time is renewed at once and never used for a new load.
   */
  prefetched?: readonly (PrefetchedReport | null)[]
  /**
   * How long, in milliseconds, the connect widget and the hosted report have to say they are
   * ready in their frame before the component shows its own error ("Try again") instead of the
   * frame: the service unreachable, an error page, or a Content-Security-Policy that refuses the
   * frame. A component's own `readyTimeoutMs` wins. @default 10000
   */
  readyTimeoutMs?: number
  children?: ReactNode
}

/**
 * Gives the ibv-kit components their fetchers, service URL, query client and language.
 *
 * @example
 * <IbvProvider fetchers={createBackendFetchers()} serviceUrl="https://api.example.com">
 *   <EmbeddedReport productRequestId={id} />
 * </IbvProvider>
 * // In Spanish: import { es } from 'ibv-kit/locales/es'
 * <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl} locale={es}>…</IbvProvider>
 */
export function IbvProvider({
  fetchers,
  serviceUrl,
  allowedServiceOrigins,
  queryClient,
  locale,
  localeParam,
  messages,
  audience,
  prefetched,
  readyTimeoutMs,
  children,
}: IbvProviderProps) {
  const outer = useContext(QueryClientContext)
  // Made once, and only when there is no other at first; kept should both go away later.
  const [own] = useState(() => queryClient ?? outer ?? new QueryClient())
  const client = queryClient ?? outer ?? own
  // The provider's own: connect widgets under another provider on the page are not its business.
  const [connectScope] = useState(createConnectScope)
  // The same object while the list says the same, written inline or not: a new one starts new sessions.
  const listed = allowedServiceOrigins?.join('\n')
  const serviceOrigins = useMemo<ServiceOriginPolicy>(
    () => ({ serviceUrl, allowedServiceOrigins: listed?.split('\n') }),
    [serviceUrl, listed],
  )
  const value = useMemo<IbvContextValue>(
    // The locale's texts under the app's, once for every component below.
    () => ({
      fetchers,
      serviceUrl,
      serviceOrigins,
      queryClient: client,
      messages: locale ? withText(locale.messages, messages) : messages,
      locale,
      localeParam,
      audience,
      prefetched,
      readyTimeoutMs,
      connectScope,
    }),
    [
      fetchers,
      serviceUrl,
      serviceOrigins,
      client,
      locale,
      localeParam,
      messages,
      audience,
      prefetched,
      readyTimeoutMs,
      connectScope,
    ],
  )
  const tree = <IbvContext.Provider value={value}>{children}</IbvContext.Provider>
  return client === outer ? tree : <QueryClientProvider client={client}>{tree}</QueryClientProvider>
}
