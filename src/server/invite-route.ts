import type { Context } from 'hono'
import type { WebhookEvent } from '../core/index.js'
import type { IbvClient } from './client.js'
import { idProblem } from './ids.js'
import { inviteCompletion } from './invite-complete.js'
import { createMemoryInviteStore } from './invite-store.js'
import { inviteStatuses, KEPT_AFTER_EXPIRY_MS } from './invite-states.js'
import {
  createInviteSigner,
  INVITE_REFUSALS,
  type IbvInviteOptions,
  type InviteClaims,
} from './invites.js'
import type { IbvRelay } from './relay.js'
import { json } from './responses.js'

/**
 * The invite routes, and the token route's `type: 'invite'` branch. Without options, no route
 * is added (so `/invites` is a 404) and the token route answers that invites are not enabled.
 */
export function inviteRoutes(
  options: IbvInviteOptions | undefined,
  client: IbvClient,
  onError: (error: unknown) => void,
  readJson: (request: Request) => Promise<Record<string, unknown>>,
  upstreamSignal: (request: Request) => AbortSignal,
  relay: IbvRelay,
) {
  if (options === undefined) {
    return {
      handlers: () => ({ invite: undefined, invites: undefined, completeInvite: undefined }),
      onWebhook: async () => {},
      token: async () =>
        invalid(
          { type: ['invites are not enabled on this backend (createIbvBackend({ invites }))'] },
          'Invites are not enabled on this backend.',
        ),
    }
  }
  const signer = createInviteSigner(options)
  const store = options.store ?? createMemoryInviteStore()
  const completion = inviteCompletion(options, store, client, onError, relay)

  /** A genuine, unexpired, unused invite's claims, or the 401 (or 503, when the store fails) to answer. */
  const check = async (invite: unknown): Promise<InviteClaims | Response> => {
    const claims = await signer.verify(invite)
    if (typeof claims === 'string') return refused(claims)
    try {
      if ((await store.usedFor(claims.id)) !== undefined) return refused('used')
    } catch (error) {
      onError(error)
      return json(
        {
          message: 'Invites cannot be checked just now. Try again in a moment.',
          code: 'server_error',
        },
        503,
        { 'retry-after': '5' },
      )
    }
    return claims
  }

  return {
    /** The invite routes of the route table (`invite`, `invites`, `completeInvite`). */
    handlers(
      allowed: (request: Request, consumerId: string) => Promise<boolean>,
      refuse: () => Response,
    ) {
      const invite = async (c: Context) => {
        const body = await readJson(c.req.raw)
        const problem = consumerIdProblem(body.consumer_id)
        if (problem) return invalid({ consumer_id: [problem] })
        const consumerId = body.consumer_id as string
        if (!(await allowed(c.req.raw, consumerId))) return refuse()
        const sentAt = signer.now()
        const { id, url, expiresAt } = await signer.issue(consumerId)
        try {
          await store.recordInvite?.(
            { id, consumerId, sentAt, expiresAt },
            expiresAt - sentAt + KEPT_AFTER_EXPIRY_MS,
          )
        } catch (error) {
          onError(error)
          return json(
            {
              message: 'The invite could not be recorded just now. Try again in a moment.',
              code: 'server_error',
            },
            503,
            { 'retry-after': '5' },
          )
        }
        return json({ url, expires_at: new Date(expiresAt).toISOString() }, 201)
      }

      // Staff's view of the invites sent to an applicant: their states, never the invites.
      const invites = async (c: Context) => {
        const consumerId = c.req.query('consumer_id')
        const problem = consumerIdProblem(consumerId)
        if (problem) return invalid({ consumer_id: [problem] })
        if (!(await allowed(c.req.raw, consumerId as string))) return refuse()
        if (!store.invitesOf)
          return json(
            {
              message: "This backend's invite store does not list invites (it has no invitesOf).",
              code: 'not_implemented',
            },
            501,
          )
        try {
          return json({
            invites: inviteStatuses(await store.invitesOf(consumerId as string), signer.now()),
          })
        } catch (error) {
          onError(error)
          return json(
            {
              message: 'Invites cannot be read just now. Try again in a moment.',
              code: 'server_error',
            },
            503,
            { 'retry-after': '5' },
          )
        }
      }

      // The borrower's page reports a completed connection. The invite is the credential (the
      // borrower has no session), used or not: a used one may repeat its own product request.
      const completeInvite = async (c: Context) => {
        const body = await readJson(c.req.raw)
        const productRequestId = body.product_request_id
        if (typeof productRequestId !== 'string' || productRequestId.trim() === '') {
          return invalid({
            product_request_id: [
              'product_request_id is required: the id the connect widget gave on success',
            ],
          })
        }
        const problem = idProblem('product_request_id', productRequestId)
        if (problem) return invalid({ product_request_id: [problem] })
        const claims = await signer.verify(body.invite)
        if (typeof claims === 'string') return refused(claims)
        return completion.complete(
          claims,
          productRequestId,
          Math.max(1, claims.expiresAt - signer.now()),
          upstreamSignal(c.req.raw),
        )
      }
      return { invite, invites, completeInvite }
    },

    /** Told every webhook event before the lender's `onWebhook`: confirms the claims it settles. */
    onWebhook: (event: WebhookEvent) => completion.onWebhook(event),

    /** `POST /tokens` with `{ type: 'invite', invite }`: the invite's consumer's token, asking no one else. */
    async token(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
      if (typeof body.invite !== 'string' || body.invite === '')
        return invalid({
          invite: ['invite is required for an invite token: the ibv_invite parameter of the link'],
        })
      const claims = await check(body.invite)
      if (claims instanceof Response) return claims
      // What staff see only: a store failing here does not keep the borrower from connecting.
      await store
        .updateInvite?.(claims.consumerId, claims.id, { openedAt: signer.now() })
        .catch(onError)
      const token = await client.createConsumerToken(claims.consumerId, { signal })
      return json({ access_token: token.access_token, expires_in: token.expires_in })
    },
  }
}

/** Why `value` is not a usable consumer id, or undefined when it is. */
function consumerIdProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '')
    return 'consumer_id is required: the applicant the invite is for'
  return idProblem('consumer_id', value)
}

function refused(reason: keyof typeof INVITE_REFUSALS): Response {
  return json({ message: INVITE_REFUSALS[reason], code: 'unauthorized' }, 401)
}

function invalid(fields: Record<string, string[]>, message = 'Validation error'): Response {
  return json({ message, code: 'invalid_request', fields }, 400)
}
