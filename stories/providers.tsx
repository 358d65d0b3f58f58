import { useState, type ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import {
  IbvEvents,
  IbvProvider,
  createBackendFetchers,
  type IbvFetchers,
  type IbvLocale,
} from 'ibv-kit'
import { es } from 'ibv-kit/locales/es'
import { frCA } from 'ibv-kit/locales/fr-CA'
import { API, SERVICE_URL } from './story-urls.ts'

const backend = createBackendFetchers(API)

/** The toolbar's languages by value (`globals.locale`); English is the components' own. */
export const STORY_LOCALES: Record<string, IbvLocale | undefined> = {
  en: undefined,
  es,
  'fr-CA': frCA,
}

/** The language the toolbar chose, for a story that renders its own `<IbvProvider>`. */
export const storyLocale = (globals: Record<string, unknown>): IbvLocale | undefined =>
  STORY_LOCALES[String(globals.locale)]

/**
 * Every story gets its own query client (no state leaks between stories) and the real backend,
 * or the fetchers its `parameters.fetchers` factory makes for this render; and, when `live`, the
 * backend's live stream; in the toolbar's language.
 */
export function StoryProviders({
  fetchers,
  live,
  locale,
  children,
}: {
  fetchers?: () => IbvFetchers
  live: boolean
  locale?: IbvLocale
  children: ReactNode
}) {
  const [client] = useState(() => new QueryClient())
  const [plugged] = useState(() => fetchers?.() ?? backend)
  return (
    <IbvProvider fetchers={plugged} serviceUrl={SERVICE_URL} queryClient={client} locale={locale}>
      {live && <IbvEvents url={`${API}/events`} />}
      {children}
    </IbvProvider>
  )
}
