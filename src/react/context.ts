'use client'
import { createContext, useContext, type Context } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { ConnectScope, PrefetchedReport } from '../core/index.js'
import type { IbvFetchers } from '../core/fetchers.js'
import type { IbvAudience, IbvMessageOverrides } from '../core/messages.js'
import type { IbvLocale } from '../core/locale.js'
import type { ServiceOriginPolicy } from '../core/service-origins.js'

export type { IbvAudience }

export interface IbvContextValue {
  fetchers: IbvFetchers
  serviceUrl: string
  /** The origins `serviceUrl` may be on: the provider's `allowedServiceOrigins`, else `serviceUrl`'s. */
  serviceOrigins: ServiceOriginPolicy
  queryClient: QueryClient
  /** The locale's texts with the app's overrides on top (components add their own defaults). */
  messages: IbvMessageOverrides | undefined
  /** The app's language; undefined: English, formatted as 'en-US'. */
  locale: IbvLocale | undefined
  /** The query parameter that carries the locale to the hosted pages; undefined: the default. */
  localeParam: string | null | undefined
  /** The app's audience; undefined leaves each component its own default. */
  audience: IbvAudience | undefined
  /** `prefetchReport`'s objects from the server, for the components to start from. */
  prefetched: readonly (PrefetchedReport | null)[] | undefined
  /** The app's wait for a hosted page to say it is ready; undefined: each component's default. */
  readyTimeoutMs: number | undefined
  /** The provider's connect widgets: one shows at a time, and an OAuth state opens one once. */
  connectScope: ConnectScope
}

// One context per copy of React, however many copies of ibv-kit are loaded: the ES module and the
// CommonJS builds side by side (an app that imports `ibv-kit` and a test helper or library that
// requires it) would otherwise each have their own, and a provider of one would be unseen by the
// components of the other. So the context lives in a registry on globalThis, keyed by React's
// createContext, so that two copies of React on one page still keep theirs apart.
const contexts = ((globalThis as { [key: symbol]: unknown })[Symbol.for('ibv-kit.context')] ??=
  new WeakMap()) as WeakMap<object, Context<IbvContextValue | null>>
export const IbvContext = contexts.get(createContext) ?? createContext<IbvContextValue | null>(null)
contexts.set(createContext, IbvContext)

/** The provider's value; throws a message naming both components when there is none. */
export function useIbvContext(component: string): IbvContextValue {
  const value = useContext(IbvContext)
  if (!value) throw new Error(`<${component}> must be used within <IbvProvider>.`)
  return value
}

/** The `Intl` locale of the components below `context`: the provider's language, else 'en-US' (fixed, so server and browser write alike). */
export const intlOf = (context: IbvContextValue | null): string =>
  context?.locale?.formats.intl ?? 'en-US'
