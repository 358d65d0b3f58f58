// The demo page's calls to its own backend's demo routes (see backend.ts).
export interface Applicant {
  consumerId: string
  name: string
  amount: number
  purpose: string
  productRequestId: string | null
  /** The applicant's last complete report before `productRequestId`: kept on screen while a refresh prepares the new one. */
  previousProductRequestId: string | null
}

async function post(route: string, body: unknown): Promise<Response> {
  const response = await fetch(`/api/ibv/demo/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`The demo backend answered HTTP ${response.status}.`)
  return response
}

export const demoApi = {
  applicants: async (): Promise<Applicant[]> => (await fetch('/api/ibv/demo/applicants')).json(),
  recordProductRequest: (consumerId: string, productRequestId: string) =>
    post('product_requests', { consumer_id: consumerId, product_request_id: productRequestId }),
  advanceClock: async (seconds: number): Promise<{ now: string }> =>
    (await post('clock', { seconds })).json(),
  nextRefresh: (consumerId: string, outcome: string) =>
    post('next_refresh', { consumer_id: consumerId, outcome }),
  expireReportToken: (productRequestId: string) =>
    post('expire', { product_request_id: productRequestId }),
}
