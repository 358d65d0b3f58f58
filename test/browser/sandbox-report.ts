import { createBackendFetchers, type IbvReport } from '../../src/index.js'

// A complete report of the shape asked for, from the sandbox and the backend mounted on the
// browser tests' server, read through the backend as a page would.
const service = `${location.origin}/ibv-sandbox`
const headers = { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' }
const control = async (path: string, body: unknown) =>
  (await fetch(`${service}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

export async function sandboxReport(shape: {
  accounts: number
  features: number
}): Promise<IbvReport> {
  const created = await control('/sandbox/product_requests', {
    consumer_id: `RV-${crypto.randomUUID()}`,
    ...shape,
  })
  await control('/sandbox/clock/advance', { seconds: 6 })
  const answer = await createBackendFetchers('/api/ibv').report(created.product_request_id)
  if (answer.kind !== 'ready') throw new Error('not ready')
  return answer.report
}
