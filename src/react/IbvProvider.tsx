'use client'
import { useContext, useMemo, useState, type ReactNode } from 'react'
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { IbvContext, type IbvContextValue } from './context.js'
import type { IbvFetchers } from './fetchers.js'
import type { IbvMessageOverrides } from './messages.js'

export interface IbvProviderProps {
  /** The plug to the lender's backend; `createBackendFetchers()` for the routes of `createIbvBackend`. */
  fetchers: IbvFetchers
  /** The service's base URL: where the report iframe and the connect widget load from. */
  serviceUrl: string
  /** The React Query client. @default the nearest `QueryClientProvider`'s, or one of its own */
  queryClient?: QueryClient
  /** Text overrides for every component below, for i18n. */
  messages?: IbvMessageOverrides
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
export function IbvProvider({ fetchers, serviceUrl, queryClient, messages, children }: IbvProviderProps) {
  const outer = useContext(QueryClientContext)
  const [own] = useState(() => (queryClient || outer ? undefined : new QueryClient()))
  const client = queryClient ?? outer ?? (own as QueryClient)
  const value = useMemo<IbvContextValue>(
    () => ({ fetchers, serviceUrl, queryClient: client, messages }),
    [fetchers, serviceUrl, client, messages],
  )
  const tree = <IbvContext.Provider value={value}>{children}</IbvContext.Provider>
  return client === outer ? tree : <QueryClientProvider client={client}>{tree}</QueryClientProvider>
}
