import { IbvError, type WebhookEvent } from '../core/index.js'
import type { IbvClient } from './client.js'
import type { InviteStore } from './invite-store.js'
import type { InviteClaims, IbvInviteOptions } from './invites.js'
import type { IbvRelay } from './relay.js'
import { json } from './responses.js'

/**
 * `POST /invites/complete` and the webhook's half of it. The first product request reported with
 * an invite is kept (a repeat with it is answered again; another one is a 409). A product request
 * is only attributed to the invite's applicant once the service names that applicant as its owner:
 * a ready report's `consumer_id` at once, or, for a report still pending (the service API's 202 names no
 * consumer), the webhook `report_generated` / `report_generation_failed`, or a later completion
 * that finds the report ready. Until then the claim waits in the store, so the webhook may land on
 * any instance. `onUsed` is told once, for a confirmed owner only.
 */
export function inviteCompletion(
  options: IbvInviteOptions,
  store: InviteStore,
  client: IbvClient,
  onError: (error: unknown) => void,
  relay: IbvRelay,
) {
  /** The service named `owner` of `productRequestId`, and the store settled the claims on it: tell whom it concerns. */
  const announce = async (
    productRequestId: string,
    owner: string,
    { confirmed, foreign }: { confirmed: boolean; foreign: number },
  ) => {
    if (foreign > 0) {
      onError(
        new Error(
          `An invite for another applicant than the owner reported product request ${productRequestId}; it was not attributed to that applicant (the invite is spent).`,
        ),
      )
    }
    if (!confirmed) return
    await showConnected(owner, productRequestId).catch(onError)
    try {
      await options.onUsed?.({ consumerId: owner, productRequestId })
    } catch (error) {
      onError(error)
    }
    // After onUsed, so a page that hears it and reads the lender's records finds the new request.
    try {
      await relay.publish(
        { event: 'invite_used', consumerId: owner, productRequestId },
        { key: `invite_used:${productRequestId}` },
      )
    } catch (error) {
      onError(error)
    }
  }

  /**
   * What staff see (`GET /invites`): the owner's invite used for `productRequestId` shows as
   * connected, and names it, only now. Before, it could be a claim on another applicant's request.
   */
  const showConnected = async (owner: string, productRequestId: string) => {
    if (!store.invitesOf || !store.updateInvite) return
    for (const invite of await store.invitesOf(owner)) {
      if ((await store.usedFor(invite.id)) === productRequestId)
        await store.updateInvite(owner, invite.id, { productRequestId })
    }
  }

  return {
    /** Answers a completion reported with a genuine, unexpired invite; `signal` bounds its calls to the service. */
    async complete(
      claims: InviteClaims,
      productRequestId: string,
      ttlMs: number,
      signal?: AbortSignal,
    ): Promise<Response> {
      try {
        const first = await stored(store.usedFor(claims.id))
        // Used for another one: answered before the service is asked, so it says nothing of this id.
        if (first !== undefined && first !== productRequestId) return alreadyUsed()
        const owner = await ownerOf(client, productRequestId, signal)
        if (owner === null || (owner !== undefined && owner !== claims.consumerId))
          return notThisInvites()
        if ((await stored(store.markUsed(claims.id, productRequestId, ttlMs))) !== productRequestId)
          return alreadyUsed()
        await stored(store.claim(productRequestId, claims.consumerId, ttlMs))
        // Asked again once the claim is stored: a webhook that came before it found nothing to confirm.
        const named = owner ?? (await ownerOf(client, productRequestId, signal))
        if (typeof named !== 'string') return json({ used: true, confirmed: false }, 202)
        await announce(
          productRequestId,
          named,
          await stored(store.confirm(productRequestId, named)),
        )
        return named === claims.consumerId
          ? json({ used: true, confirmed: true })
          : json({ used: true, confirmed: false }, 202)
      } catch (error) {
        if (!(error instanceof StoreUnavailable)) throw error
        onError(error.cause)
        return json(
          {
            message: 'The invite could not be recorded as used just now. Try again.',
            code: 'server_error',
          },
          503,
          { 'retry-after': '5' },
        )
      }
    },

    /** Webhooks that name a product request's owner confirm (or reject) the claims on it. */
    async onWebhook(event: WebhookEvent): Promise<void> {
      if (event.event === 'report_generated' || event.event === 'report_generation_failed') {
        await announce(
          event.productRequestId,
          event.consumerId,
          await store.confirm(event.productRequestId, event.consumerId),
        )
      }
    },
  }
}

/** A store failure, told apart from the service's (those are answered as on every route). */
class StoreUnavailable extends Error {}

function stored<T>(operation: Promise<T>): Promise<T> {
  return operation.catch((cause: unknown) => {
    throw new StoreUnavailable('The invite store failed.', { cause })
  })
}

/** The consumer of a product request: its id (ready report), undefined (pending), or null (no such request). */
async function ownerOf(
  client: IbvClient,
  productRequestId: string,
  signal: AbortSignal | undefined,
): Promise<string | undefined | null> {
  try {
    const result = await client.getReport(productRequestId, { signal })
    return result.kind === 'ready' ? result.report.consumer_id : undefined
  } catch (error) {
    if (
      error instanceof IbvError &&
      (error.code === 'not_found' || error.code === 'invalid_request')
    )
      return null
    throw error
  }
}

function alreadyUsed(): Response {
  return json(
    {
      message:
        'This invite link was already used for another connection. Ask your lender for a new one.',
      code: 'conflict',
    },
    409,
  )
}

/** The same answer for a product request of another applicant and one that does not exist. */
function notThisInvites(): Response {
  return json(
    { message: 'This connection cannot be recorded with this invite.', code: 'forbidden' },
    403,
  )
}
