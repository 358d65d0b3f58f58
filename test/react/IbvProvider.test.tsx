import { describe, expect, it } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { useContext } from 'react'
import { IbvProvider } from '../../src/index.js'
import { IbvContext } from '../../src/react/context.js'

const fetchers = { token: async () => ({ access_token: 't', expires_in: 60 }) }

function ClientProbe({ seen }: { seen: Array<QueryClient | undefined> }) {
  seen.push(useContext(IbvContext)?.queryClient)
  return null
}

describe('<IbvProvider>', () => {
  it('uses the nearest QueryClientProvider', () => {
    const outer = new QueryClient()
    const seen: Array<QueryClient | undefined> = []
    render(
      <QueryClientProvider client={outer}>
        <IbvProvider fetchers={fetchers} serviceUrl="https://s.test">
          <ClientProbe seen={seen} />
        </IbvProvider>
      </QueryClientProvider>,
    )
    expect(seen.at(-1)).toBe(outer)
  })

  it('prefers the queryClient prop', () => {
    const outer = new QueryClient()
    const mine = new QueryClient()
    const seen: Array<QueryClient | undefined> = []
    render(
      <QueryClientProvider client={outer}>
        <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" queryClient={mine}>
          <ClientProbe seen={seen} />
        </IbvProvider>
      </QueryClientProvider>,
    )
    expect(seen.at(-1)).toBe(mine)
  })

  it('makes its own, once, when there is none', () => {
    const seen: Array<QueryClient | undefined> = []
    const { rerender } = render(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test">
        <ClientProbe seen={seen} />
      </IbvProvider>,
    )
    rerender(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test">
        <ClientProbe seen={seen} />
      </IbvProvider>,
    )
    expect(seen[0]).toBeInstanceOf(QueryClient)
    expect(seen.at(-1)).toBe(seen[0])
  })

  it('passes its audience down, undefined when not given, and follows a change', () => {
    const seen: Array<string | undefined> = []
    function AudienceProbe() {
      seen.push(useContext(IbvContext)?.audience)
      return null
    }
    const { rerender } = render(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test">
        <AudienceProbe />
      </IbvProvider>,
    )
    rerender(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" audience="borrower">
        <AudienceProbe />
      </IbvProvider>,
    )
    expect(seen[0]).toBeUndefined()
    expect(seen.at(-1)).toBe('borrower')
  })

  it('keeps its own client when the queryClient prop comes and goes', () => {
    const mine = new QueryClient()
    const seen: Array<QueryClient | undefined> = []
    const { rerender } = render(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test">
        <ClientProbe seen={seen} />
      </IbvProvider>,
    )
    rerender(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test" queryClient={mine}>
        <ClientProbe seen={seen} />
      </IbvProvider>,
    )
    rerender(
      <IbvProvider fetchers={fetchers} serviceUrl="https://s.test">
        <ClientProbe seen={seen} />
      </IbvProvider>,
    )
    expect(seen[0]).toBeInstanceOf(QueryClient)
    expect(seen).toContain(mine)
    expect(seen.at(-1)).toBe(seen[0])
  })
})
