'use client'
import { createContext, useContext } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { IbvFetchers } from './fetchers.js'
import type { LiveStatus } from './live-status.js'
import type { IbvMessages } from './messages.js'

export interface IbvContextValue {
  fetchers: IbvFetchers
  serviceUrl: string
  queryClient: QueryClient
  messages: IbvMessages
  /** Whether the live event stream is connected (polling slows down while it is). */
  live: LiveStatus
}

export const IbvContext = createContext<IbvContextValue | null>(null)

/** The provider's value; throws a message naming both components when there is none. */
export function useIbvContext(component: string): IbvContextValue {
  const value = useContext(IbvContext)
  if (!value) throw new Error(`<${component}> must be used within <IbvProvider>.`)
  return value
}
