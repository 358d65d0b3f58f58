'use client'
import { createContext, useContext } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { IbvFetchers } from './fetchers.js'
import type { IbvMessageOverrides } from './messages.js'
import type { PrefetchedList } from '../core/prefetched.js'

/**
 * Who reads the texts: the lender's staff (a loan officer) or the borrower. Components whose texts
 * differ by audience (`<ReconnectPrompt>`, `<ReportStatusBadge>`) take it as a prop, else from
 * `<IbvProvider audience>`, else default to staff.
 */
export type IbvAudience = 'staff' | 'borrower'

export interface IbvContextValue {
  fetchers: IbvFetchers
  serviceUrl: string
  queryClient: QueryClient
  /** The app's text overrides (components add their own defaults). */
  messages: IbvMessageOverrides | undefined
  /** The app's audience; undefined leaves each component its own default. */
  audience: IbvAudience | undefined
  /** `prefetchReport`'s objects from the server, for the components to start from. */
  prefetched: PrefetchedList
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
