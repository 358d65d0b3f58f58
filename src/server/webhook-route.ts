import { IbvError, parseWebhook, type WebhookEvent } from '../core/index.js'
import type { EventRelay } from './relay.js'
import { json } from './responses.js'
import type { WebhookStore } from './webhook-store.js'

export interface WebhookRouteOptions {
  store: WebhookStore
  relay: EventRelay
  onWebhook?: (event: WebhookEvent) => void | Promise<void>
  verify?: (request: Request) => boolean | Promise<boolean>
  onError?: (error: unknown) => void
}

/** The key under which a delivery counts as the same event: event name and what it is about. */
export function webhookKey(event: WebhookEvent): string {
  if (event.event === 'data_pull_via_connection_failed') return `${event.event}:${JSON.stringify(event.payload)}`
  return `${event.event}:${event.productRequestId}`
}

/**
 * `POST /webhooks`: verify, parse, drop duplicates, call `onWebhook` once, relay to `/events`.
 * A failing `onWebhook` answers 500 and forgets the key, so the service's retry is handled.
 */
export async function handleWebhook(request: Request, options: WebhookRouteOptions): Promise<Response> {
  if (options.verify && !(await Promise.resolve(options.verify(request)).catch(() => false))) {
    return json({ message: 'This webhook delivery could not be verified.', code: 'unauthorized' }, 401)
  }
  let event: WebhookEvent
  try {
    event = parseWebhook(await request.text())
  } catch (error) {
    if (!(error instanceof IbvError)) throw error
    return json({ message: error.message, code: error.code, fields: error.fields ?? {} }, 400)
  }
  const key = webhookKey(event)
  if (!(await options.store.claim(key))) return json({ received: true, duplicate: true })
  try {
    await options.onWebhook?.(event)
  } catch (error) {
    await options.store.release(key)
    options.onError?.(error)
    return json({ message: 'The webhook could not be handled; a retry will be accepted.', code: 'internal' }, 500)
  }
  options.relay.publish(event)
  return json({ received: true })
}
