import { afterEach, expect, it } from 'vitest'
import { Profiler, StrictMode } from 'react'
import { fireEvent, render } from '@testing-library/react'
import { EmbeddedReport, IbvEvents, IbvProvider, useIbvReport } from '../../src/index.js'
import { createChain, SERVICE, tokenOf } from '../../test/react/chain.js'
import { eventSourceOver } from '../../test/react/event-source.js'
import { settle, withFakeTime } from '../../test/react/settle.js'
import { record } from '../record.js'

// Counts, not times: exact on any machine.
const MINUTE = 60_000
const figures: Record<string, unknown> = {}

withFakeTime()
afterEach(() => {
  document.body.replaceChildren()
  record('jsdom', figures)
})

it.each([1, 5, 50])(
  'token fetches and iframe loads per token lifetime, %i instances under StrictMode',
  async (count) => {
    const chain = createChain()
    const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
      consumer_id: 'BENCH',
    })
    const inserted: string[] = []
    const observer = new MutationObserver((records) => {
      for (const mutation of records)
        for (const node of mutation.addedNodes)
          if (node instanceof HTMLIFrameElement) inserted.push(tokenOf(node))
    })
    observer.observe(document.body, { childList: true, subtree: true })
    render(
      <StrictMode>
        <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
          {Array.from({ length: count }, (_, index) => (
            <EmbeddedReport key={index} productRequestId={id} />
          ))}
        </IbvProvider>
      </StrictMode>,
    )
    await settle()
    for (const frame of document.querySelectorAll('iframe')) fireEvent.load(frame)
    const firstLifetime = chain.tokenCalls()
    await settle(28 * MINUTE)
    await settle()
    for (const frame of document.querySelectorAll('iframe[data-frame="next"]'))
      fireEvent.load(frame)
    await settle()
    observer.disconnect()
    const tokens = new Set(inserted)
    figures[`tokenFetches.${count}`] = { firstLifetime, afterOneRenewal: chain.tokenCalls() }
    figures[`iframeLoadsPerToken.${count}`] = inserted.length / tokens.size / count
    expect(firstLifetime).toBe(1)
  },
)

it('React renders of <EmbeddedReport>: mount to ready, and one renewal', async () => {
  const chain = createChain()
  const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
    consumer_id: 'BENCH',
  })
  let renders = 0
  render(
    <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
      <Profiler id="report" onRender={() => renders++}>
        <EmbeddedReport productRequestId={id} data-testid="report" />
      </Profiler>
    </IbvProvider>,
  )
  await settle()
  fireEvent.load(document.querySelector('iframe')!)
  await settle()
  const toReady = renders
  await settle(28 * MINUTE)
  await settle()
  fireEvent.load(document.querySelector('iframe[data-frame="next"]')!)
  await settle()
  figures.renders = { mountToReady: toReady, perRenewal: renders - toReady }
  expect(document.querySelectorAll('iframe')).toHaveLength(1)
})

function Status({ id }: { id: string }) {
  const { status } = useIbvReport(id)
  return <p data-testid="status">{status ?? 'none'}</p>
}

it.each([false, true])('requests until a report is ready (live stream: %s)', async (live) => {
  const chain = createChain({ timings: { acquireSeconds: 3, generateSeconds: 3 } })
  const source = eventSourceOver((url, signal) =>
    chain.backend.fetch(new Request(new URL(url, 'https://lender.test'), { signal })),
  )
  const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
    consumer_id: 'BENCH',
  })
  render(
    <IbvProvider fetchers={chain.fetchers} serviceUrl={SERVICE}>
      {live && <IbvEvents url="/api/ibv/events" EventSource={source.EventSource} />}
      <Status id={id} />
    </IbvProvider>,
  )
  await settle()
  let seconds = 0
  for (let second = 1; second <= 60; second++) {
    seconds = second
    await settle(1000)
    if (second === 6 && live) {
      // The report_generated webhook reaches the backend at the moment the report completes.
      await chain.backend.fetch(
        new Request('https://lender.test/api/ibv/webhooks', {
          method: 'POST',
          body: JSON.stringify({
            consumer_id: 'BENCH',
            product_request_id: id,
            ibv_report: 'x',
            ibv_report_status: 'complete',
            event: 'report_generated',
          }),
        }),
      )
      await settle()
    }
    if (document.querySelector('[data-testid="status"]')?.textContent === 'complete') break
  }
  const requests = chain.calls.filter((call) => call.startsWith('/api/ibv/reports/')).length
  figures[`requestsUntilReady.${live ? 'stream' : 'polling'}`] = {
    reportRequests: requests,
    secondsUntilShown: seconds,
  }
  expect(document.querySelector('[data-testid="status"]')?.textContent).toBe('complete')
})
