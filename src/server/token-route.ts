import type { IbvClient } from './client.js'
import { idProblem } from './ids.js'
import { json } from './responses.js'
import type { AuthorizeContext } from './authorize.js'

/** What the token route needs of the backend. */
export interface TokenRouteContext {
  client: IbvClient
  allowed: (context: AuthorizeContext) => Promise<boolean>
  refuse: () => Response
  readJson: (request: Request) => Promise<Record<string, unknown>>
  upstream: (request: Request) => AbortSignal
  /** The embedded report token of a product request, shared by its viewers (the token cache). */
  embeddedToken: (productRequestId: string, signal: AbortSignal) => Promise<unknown>
  /** `{ type: 'invite' }`: the invite routes' own answer. */
  inviteToken: (body: Record<string, unknown>, signal: AbortSignal) => Promise<Response>
  /** Whether invites are enabled: said in the error for an unknown `type`. */
  invitesEnabled: boolean
}

/**
 * `POST /tokens`: a consumer token (for the connect widget), an embedded report token, or an
 * invite's consumer token, each after `authorize` (the invite is its own credential).
 */
export function tokenRoute(context: TokenRouteContext) {
  const { client, allowed, refuse, readJson, upstream } = context
  return async (request: Request): Promise<Response> => {
    const signal = upstream(request)
    const body = await readJson(request)
    if (body.type === 'consumer') {
      const consumerId = body.consumer_id as string
      const problem = present(body.consumer_id)
        ? idProblem('consumer_id', consumerId)
        : 'consumer_id is required for a consumer token'
      if (problem) return invalid({ consumer_id: [problem] })
      if (!(await allowed({ request, action: 'token', kind: 'consumer', consumerId })))
        return refuse()
      const token = await client.createConsumerToken(consumerId, { signal })
      return json({ access_token: token.access_token, expires_in: token.expires_in })
    }
    if (body.type === 'embedded_report_token') {
      const productRequestId = body.product_request_id as string
      const problem = present(productRequestId)
        ? idProblem('product_request_id', productRequestId)
        : 'product_request_id is required for an embedded report token'
      if (problem) return invalid({ product_request_id: [problem] })
      if (
        !(await allowed({
          request,
          action: 'token',
          kind: 'embedded_report_token',
          productRequestId,
        }))
      )
        return refuse()
      return json(await context.embeddedToken(productRequestId, signal))
    }
    if (body.type === 'invite') return context.inviteToken(body, signal)
    return invalid({
      type: [
        context.invitesEnabled
          ? 'type must be consumer, embedded_report_token or invite'
          : 'type must be consumer or embedded_report_token',
      ],
    })
  }
}

/** A non-blank string: what a missing id is told apart by. */
function present(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== ''
}

/** A 400 naming the fields at fault. */
export function invalid(fields: Record<string, string[]>): Response {
  return json({ message: 'Validation error', code: 'invalid_request', fields }, 400)
}
