'use client'
import { createContext, useContext } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { PrefetchedReport } from '../core/index.js'
import type { IbvFetchers } from '../core/fetchers.js'
import type { IbvAudience, IbvMessageOverrides } from '../core/messages.js'

export type { IbvAudience }

export interface IbvContextValue {
  fetchers: IbvFetchers
  serviceUrl: string
  queryClient: QueryClient
  /** The app's text overrides (components add their own defaults). */
  messages: IbvMessageOverrides | undefined
  /** The app's audience; undefined leaves each component its own default. */
  audience: IbvAudience | undefined
  /** `prefetchReport`'s objects from the server, for the components to start from. */
  prefetched: readonly (PrefetchedReport | null)[] | undefined
  /** The app's wait for a hosted page to say it is ready; undefined: each component's default. */
  readyTimeoutMs: number | undefined
}

export const IbvContext = createContext<IbvContextValue | null>(null)

/** The provider's value; throws a message naming both components when there is none. */
export function useIbvContext(component: string): IbvContextValue {
  const value = useContext(IbvContext)
  if (!value) throw new Error(`<${component}> must be used within <IbvProvider>.`)
  return value
}
