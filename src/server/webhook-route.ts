import { IbvError, parseWebhook, type WebhookEvent } from '../core/index.js'
import { readBody, type BodyLimits } from './body.js'
import type { RelayOutbox } from './relay-outbox.js'
import { json } from './responses.js'
import { noteWebhookEvent } from './telemetry.js'
import { webhookKey } from './webhook-key.js'
import type { WebhookStore } from './webhook-store.js'

/**
 * Checks a delivery is genuine. It gets a copy of the request and the raw body, read once (within
 * the route's size cap and deadline). One marked `headersOnly: true` (`headerSecretVerifier`,
 * `basicAuthVerifier`) is asked before the body is read, with a copy without it and an empty
 * `rawBody`, so a forged delivery is refused before any of its body is taken. One that needs the
 * body may still judge part from the headers first: its `checkHeaders` (`standardWebhooksVerifier`,
 * `hmacVerifier` have one) is asked before the body is read, and a `false` or a throw refuses the
 * delivery at once, so a stalled or forged upload holds nothing while it waits.
 */
export type WebhookVerifier = ((
  request: Request,
  rawBody: string,
) => boolean | Promise<boolean>) & {
  /** True when the verifier looks at the headers only: it is asked before the body is read. */
  readonly headersOnly?: boolean
  /**
   * Asked with the delivery's headers before its body is read: `false` (or a throw) refuses it
   * with a 401 at once; `true` means it may be genuine, and the verifier itself then judges it
   * with the body. Refuse here what headers alone show: a missing or malformed signature header,
   * a stale timestamp.
   */
  readonly checkHeaders?: (headers: Headers) => boolean | Promise<boolean>
  /**
   * The delivery's own id, read from its headers, when the verifier checks that it is signed
   * (Standard Webhooks' `webhook-id`). Copies of a delivery are then known by it, so another
   * delivery of the same event (a report generated again) is handled, not taken for a copy; without
   * it, copies are known by content (`webhookKey`). Never give an id the signature does not cover:
   * a replayed delivery with a new id would be handled again.
   */
  readonly deliveryId?: (headers: Headers) => string | undefined
}

export interface WebhookRouteOptions {
  store: WebhookStore
  /** Relays what was handled and completes its key, or keeps it until the relay takes it. */
  outbox: RelayOutbox
  /** Removes the API key from what the service sent, should it ever echo it (`IbvClient.redact`). */
  redact?: <T>(value: T) => T
  onWebhook?: (event: WebhookEvent) => void | Promise<void>
  verify?: WebhookVerifier
  /** How much body is read, and for how long. @default 64 KiB within 10 s */
  body?: BodyLimits
  onError?: (error: unknown) => void
  /** Told when the store cannot claim a key (once per outage) and when it can again. */
  storeOutage?: { failed(error: unknown): void; recovered(): void }
}

/** Seconds a copy that arrived during the first one's handling is asked to wait. */
const RETRY_AFTER_SECONDS = '5'

/**
 * `POST /webhooks`: verify, parse, handle each event once, relay it to `/events`. A key is done
 * only after `onWebhook` succeeded: a copy that arrives while it still runs gets a retryable 503,
 * a failing `onWebhook` answers 500 and forgets the key, so the service's retry is handled. Once
 * `onWebhook` succeeded the delivery is acknowledged: a store or relay that cannot take it now
 * (Redis restarting) gets it from the outbox when it can, so the event is neither handled twice
 * nor lost. While the outbox is full, deliveries are refused (503) before they are handled.
 */
export async function handleWebhook(
  request: Request,
  options: WebhookRouteOptions,
): Promise<Response> {
  // A verifier that throws, at once or later, refuses the delivery like one that says no.
  const verify = options.verify
  const genuine = (copy: Request, rawBody: string) =>
    Promise.resolve()
      .then(() => verify?.(copy, rawBody) ?? true)
      .catch(() => false)
  const unverified = () =>
    json({ message: 'This webhook delivery could not be verified.', code: 'unauthorized' }, 401)
  const { url, method, headers } = request
  if (verify?.headersOnly === true && !(await genuine(new Request(url, { method, headers }), '')))
    return unverified()
  // Before one byte of the body is read: what the headers alone show refuses the delivery now.
  const checkHeaders = verify?.checkHeaders
  if (
    checkHeaders &&
    !(await Promise.resolve()
      .then(() => checkHeaders(new Headers(headers)))
      .then(
        (pass) => pass === true,
        () => false,
      ))
  )
    return unverified()
  let bytes: Uint8Array
  try {
    bytes = await readBody(request, options.body ?? { maxBytes: 64 * 1024, timeoutMs: 10_000 })
  } catch (error) {
    // Too large (413) or too slow (408): the sender's fault, answered here so it is not counted as
    // a failure of `onWebhook` (the `ibv.webhook` span's `refused`, not `failed`).
    if (error instanceof IbvError && (error.status === 408 || error.status === 413))
      return json(
        { message: error.message, code: error.code, fields: error.fields ?? {} },
        error.status,
      )
    throw error
  }
  const raw = new TextDecoder().decode(bytes)
  // The verifier gets its own copy of the bytes as they arrived (an HMAC signs those).
  if (
    verify &&
    verify.headersOnly !== true &&
    !(await genuine(new Request(url, { method, headers, body: bytes.slice() }), raw))
  )
    return unverified()
  let event: WebhookEvent
  try {
    event = parseWebhook(raw)
    if (options.redact) event = options.redact(event)
    noteWebhookEvent(event)
  } catch (error) {
    if (!(error instanceof IbvError)) throw error
    return json({ message: error.message, code: error.code, fields: error.fields ?? {} }, 400)
  }
  // A signed delivery id (Standard Webhooks) where there is one, else the event's content.
  const deliveryId = verify?.deliveryId?.(new Headers(headers))
  const key = deliveryId ? `webhook-id:${deliveryId}` : await webhookKey(event)
  // Names this handling, so the store lets only it complete or release the claim.
  const token = crypto.randomUUID()
  const retryLater = (message: string, code: string) =>
    json({ message, code }, 503, { 'retry-after': RETRY_AFTER_SECONDS })
  // Handled here already, its completion waiting for Redis: a duplicate, whatever the store says.
  if (options.outbox.has(key)) return json({ received: true, duplicate: true })
  // Refused before it is handled: once `onWebhook` ran, the delivery must be acknowledged.
  if (options.outbox.full)
    return retryLater('The event relay is unavailable; retry this delivery.', 'relay_unavailable')
  let claim
  try {
    claim = await options.store.claim(key, token)
    options.storeOutage?.recovered()
  } catch (error) {
    // Once per outage, not once per delivery: the service retries each one while Redis is down.
    if (options.storeOutage) options.storeOutage.failed(error)
    else options.onError?.(error)
    return retryLater('The webhook store is unavailable; retry this delivery.', 'store_unavailable')
  }
  if (claim === 'done') return json({ received: true, duplicate: true })
  if (claim === 'in_progress')
    return retryLater(
      'This event is being handled now; retry this delivery if it is not acknowledged.',
      'in_progress',
    )

  const release = () =>
    Promise.resolve()
      .then(() => options.store.release(key, token))
      .catch((releaseError: unknown) => options.onError?.(releaseError))
  try {
    await options.onWebhook?.(event)
  } catch (error) {
    options.onError?.(error)
    await release()
    return json(
      { message: 'The webhook could not be handled; a retry will be accepted.', code: 'internal' },
      500,
    )
  }
  // Completed and relayed now, or by the outbox once Redis answers again.
  const finished = await options.outbox.deliver({ event, key, token })
  return json(finished === 'relayed' ? { received: true } : { received: true, relayed: false })
}
