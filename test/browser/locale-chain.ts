import { afterEach } from 'vitest'
import type { IbvReport } from '../../src/core/index.js'
import { createBackendFetchers } from '../../src/core/fetchers.js'
import { createManualClock } from '../../src/sandbox/clock.js'
import { createSandbox } from '../../src/sandbox/sandbox.js'
import { createIbvBackend } from '../../src/server/backend.js'
import { createIbvClient } from '../../src/server/client.js'
import { randomSecret } from '../secrets.js'

// The chain the locale tests run against, in the page: fetchers, backend (with invites), client
// and the sandbox, whose clock moves only when told.

export const SERVICE = 'https://service.test'
/** The institution of the sandbox applicants: a name, not a text to translate. */
export const BANK = 'Caisse Laurentienne'

/** The whole chain in this page, with a sandbox clock that moves only when told, and invites. */
export function createChain() {
  const sandbox = createSandbox({ serviceUrl: SERVICE, clock: createManualClock() })
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: SERVICE, fetch: sandbox.fetch }),
    authorize: () => true,
    verifyWebhook: () => true,
    invites: { secret: randomSecret(), pageUrl: 'https://lender.test/connect' },
  })
  const fetchers = createBackendFetchers('/api/ibv', {
    fetch: (input, init) =>
      backend.fetch(new Request(new URL(String(input), 'https://lender.test'), init)),
  })
  const control = async (path: string, body: unknown) =>
    (await (
      await sandbox.fetch(
        new Request(`${SERVICE}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    ).json()) as Record<string, string>
  return { sandbox, fetchers, control }
}

/**
 * One chain per test, closed after it (`current()` makes it on first use), and an applicant of it
 * with a complete report at `BANK`.
 */
export function chainPerTest() {
  let chain: ReturnType<typeof createChain> | undefined
  const current = () => (chain ??= createChain())
  afterEach(() => {
    chain?.sandbox.close()
    chain = undefined
  })
  async function applicantWithReport(consumerId: string) {
    const { control, sandbox, fetchers } = current()
    const { product_request_id: productRequestId } = await control('/sandbox/product_requests', {
      consumer_id: consumerId,
      institution: BANK,
    })
    await sandbox.advance(6)
    const answer = await fetchers.report!(productRequestId!)
    if (answer.kind !== 'ready') throw new Error('the report is not ready')
    return { productRequestId: productRequestId!, report: answer.report }
  }
  return { current, applicantWithReport }
}

/** What a sandbox report sends that is data, not text: ids, names, feature keys, raw dates. */
export function sandboxData(report: IbvReport): string[] {
  const data = [
    report.consumer_id,
    report.product_request_id,
    report.created_at,
    report.reference_date,
  ]
  for (const account of report.accounts) {
    data.push(
      account.provider_name,
      String(account.account_number),
      String(account.routing_number ?? ''),
    )
    for (const item of account.items ?? [])
      data.push(...Object.keys(item.data ?? {}), String(item.item_code ?? ''))
  }
  return data.filter(Boolean).sort((a, b) => b.length - a.length)
}
