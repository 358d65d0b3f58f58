'use client'
import { useEffect, useState, useSyncExternalStore } from 'react'
import {
  createEmbedSession,
  type EmbedLiveOptions,
  type EmbedSession,
  type EmbedSnapshot,
} from '../core/embed-session.js'
import { listenToPage } from '../core/page-events.js'
import { useIbvContext } from './context.js'
import { tokenStoreOf, freshToken } from './token-cache.js'
import type { EmbeddedReportProps } from './embedded-report-props.js'

type SessionProp =
  | 'productRequestId'
  | 'renewLeadSeconds'
  | 'retries'
  | 'readyTimeoutMs'
  | 'onError'
  | 'onStateChange'

/**
 * The embed session of `<EmbeddedReport>`, started while mounted, and its snapshot. One session
 * per report (its product request and service URL); every other option is handed to it at each
 * render (`setOptions`), so a change after mount takes effect on the report shown. Answers the
 * props it did not take too (the view's, and the root element's).
 */
export function useEmbedSession(
  props: EmbeddedReportProps,
  hydrating: boolean,
): {
  session: EmbedSession
  snapshot: EmbedSnapshot
  rest: Omit<EmbeddedReportProps, SessionProp>
} {
  const { productRequestId, renewLeadSeconds, retries, readyTimeoutMs, ...rest } = props
  const { onError, onStateChange, ...view } = rest
  const { refreshing } = view
  const { queryClient, fetchers, serviceUrl, serviceOrigins, ...context } =
    useIbvContext('EmbeddedReport')
  // Tokens from the QueryClient's token store, where every instance of the report shares them.
  const request = { type: 'embedded_report_token', productRequestId } as const
  const live: EmbedLiveOptions = {
    getToken: (stale) =>
      freshToken(queryClient, fetchers, request, serviceUrl, { renewLeadSeconds, retries }, stale),
    renewLeadSeconds,
    readyTimeoutMs: readyTimeoutMs ?? context.readyTimeoutMs,
    locale: context.locale?.code,
    localeParam: context.localeParam,
    onError,
    onStateChange,
  }
  const open = (replaces?: EmbedSession) =>
    createEmbedSession({
      ...live,
      token: tokenStoreOf(queryClient).peek(request, serviceUrl),
      productRequestId,
      serviceUrl,
      serviceOrigins,
      replaces,
      prefetched: context.prefetched,
      hydrating,
    })
  const [session, setSession] = useState(() => open())
  const { options } = session
  if (
    options.productRequestId !== productRequestId ||
    options.serviceUrl !== serviceUrl ||
    options.serviceOrigins !== serviceOrigins
  ) {
    // Another report shows nothing of the previous one, unless it replaces it (a refresh): that
    // stays on screen while the new one loads.
    const replaces =
      options.serviceUrl === serviceUrl &&
      (options.productRequestId === productRequestId ||
        options.productRequestId === refreshing?.previousProductRequestId)
    setSession(open(replaces ? session : undefined))
  }
  useEffect(() => session.setOptions(live))
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
  useEffect(() => session.start(listenToPage), [session])
  return { session, snapshot, rest: view }
}
