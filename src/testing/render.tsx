import type { ReactElement, ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { IbvProvider, type IbvProviderProps } from '../react/IbvProvider.js'
import type { RenderResult } from '@testing-library/react'
import type { IbvTestEnvironment } from './environment.js'
import { requirePeer } from './optional-peer.js'
import { testingLibrary } from './peers.js'

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
export function renderWithIbv(
  ui: ReactElement,
  env: IbvTestEnvironment,
  options: RenderWithIbvOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const { render } = requirePeer(testingLibrary, '@testing-library/react', 'renderWithIbv')
  const queryClient = options.provider?.queryClient ?? new QueryClient()
  // A wrapper, not a parent element: `rerender` keeps the provider.
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <IbvProvider
      {...options.provider}
      fetchers={env.fetchers}
      serviceUrl={env.serviceUrl}
      queryClient={queryClient}
    >
      {children}
    </IbvProvider>
  )
  const rendered: RenderResult = render(ui, { wrapper })
  return { ...rendered, queryClient }
}
