import type { ReactElement, ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { IbvProvider, type IbvProviderProps } from '../react/IbvProvider.js'
import type { RenderResult } from '@testing-library/react'
import type { IbvTestEnvironment } from './environment.js'
import { loadOptionalPeer, requirePeer } from './optional-peer.js'

// Testing Library is an optional peer: loaded here once, so importing `ibv-kit/testing` works without it.
const library = await loadOptionalPeer(() => import('@testing-library/react'))

export interface RenderWithIbvOptions {
  /** More `<IbvProvider>` props (`messages`, `audience`). */
  provider?: Omit<IbvProviderProps, 'fetchers' | 'serviceUrl' | 'children'>
}

/**
 * Testing Library's `render` with `ui` inside an `<IbvProvider>` wired to `env` (its fetchers and
 * service URL) and a React Query client of its own, so no cache is shared between tests.
 *
 * @example
 * renderWithIbv(<ApplicantPage consumerId="LND-1" />, env)
 * expect(await screen.findByRole('button', { name: 'Connect bank' })).toBeEnabled()
 */
export function renderWithIbv(ui: ReactElement, env: IbvTestEnvironment, options: RenderWithIbvOptions = {}): RenderResult & { queryClient: QueryClient } {
  const { render } = requirePeer(library, '@testing-library/react', 'renderWithIbv')
  const queryClient = options.provider?.queryClient ?? new QueryClient()
  // A wrapper, not a parent element: `rerender` keeps the provider.
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <IbvProvider {...options.provider} fetchers={env.fetchers} serviceUrl={env.serviceUrl} queryClient={queryClient}>
      {children}
    </IbvProvider>
  )
  const rendered: RenderResult = render(ui, { wrapper })
  return { ...rendered, queryClient }
}
