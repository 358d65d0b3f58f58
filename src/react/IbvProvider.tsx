'use client'
import { useContext, useMemo, useState, type ReactNode } from 'react'
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { IbvContext, type IbvContextValue } from './context.js'
import type { IbvFetchers } from './fetchers.js'
import { createLiveStatus } from './live-status.js'
import { mergeMessages, type IbvMessages } from './messages.js'
import { useIbvEvents } from './useIbvEvents.js'

export interface IbvProviderProps {
  /** The plug to the lender's backend; `createBackendFetchers()` for the routes of `createIbvBackend`. */
  fetchers: IbvFetchers
  /** The service's base URL: where the report iframe and the connect widget load from. */
  serviceUrl: string
  /** The React Query client. @default the nearest `QueryClientProvider`'s, or one of its own */
  queryClient?: QueryClient
  /** Text overrides for every component below, for i18n. */
  messages?: Partial<IbvMessages>
  /**
   * The backend's live event stream (`GET /events` of `createIbvBackend`), such as
   * `'/api/ibv/events'`: reports appear the moment their webhook lands. @default off
   */
  events?: string
  children?: ReactNode
}

/**
 * Gives the ibv-kit components their fetchers, service URL and query client.
 *
 * @example
 * <IbvProvider fetchers={createBackendFetchers()} serviceUrl="https://api.example.com">
 *   <EmbeddedReport productRequestId={id} />
 * </IbvProvider>
 */
export function IbvProvider({ fetchers, serviceUrl, queryClient, messages, events, children }: IbvProviderProps) {
  const outer = useContext(QueryClientContext)
  const [own] = useState(() => (queryClient || outer ? undefined : new QueryClient()))
  const client = queryClient ?? outer ?? (own as QueryClient)
  const [live] = useState(createLiveStatus)
  const value = useMemo<IbvContextValue>(
    () => ({ fetchers, serviceUrl, queryClient: client, messages: mergeMessages(messages), live }),
    [fetchers, serviceUrl, client, messages, live],
  )
  const tree = (
    <IbvContext.Provider value={value}>
      {events ? <LiveEvents url={events} /> : null}
      {children}
    </IbvContext.Provider>
  )
  return client === outer ? tree : <QueryClientProvider client={client}>{tree}</QueryClientProvider>
}

function LiveEvents({ url }: { url: string }) {
  useIbvEvents({ url })
  return null
}
