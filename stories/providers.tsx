import { useState, type ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { IbvEvents, IbvProvider, createBackendFetchers, type IbvFetchers } from 'ibv-kit'

const backend = createBackendFetchers('/api/ibv')

/**
 * Every story gets its own query client (no state leaks between stories) and the real backend,
 * or the fetchers its `parameters.fetchers` factory makes for this render; and, when `live`, the
 * backend's live stream.
 */
export function StoryProviders({ fetchers, live, children }: { fetchers?: () => IbvFetchers; live: boolean; children: ReactNode }) {
  const [client] = useState(() => new QueryClient())
  const [plugged] = useState(() => fetchers?.() ?? backend)
  return (
    <IbvProvider fetchers={plugged} serviceUrl={`${window.location.origin}/ibv-sandbox`} queryClient={client}>
      {live && <IbvEvents url="/api/ibv/events" />}
      {children}
    </IbvProvider>
  )
}
