import * as z from 'zod/mini'
import { IbvError } from './errors.js'
import { nestsDeeperThan } from './json-depth.js'
import { parseWith, webhookPayloadSchema, type WebhookPayload } from './schemas.js'

/** The events the service sends (docs/service-api.md, "Events"). */
export const WEBHOOK_EVENTS = [
  'report_generated',
  'report_generation_failed',
  'data_pull_via_connection_failed',
] as const

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]

interface ReportEvent<E extends string, S extends string> {
  event: E
  productRequestId: string
  consumerId: string
  /** `ibv_report`: where the report is retrieved. */
  reportUrl: string
  status: S
  /**
   * The payload as received: the service API's five fields, checked, and any field the service added,
   * when the whole payload is within `WEBHOOK_PAYLOAD_LIMITS`; past them, the five fields only (the
   * event itself is never lost to an extra field).
   */
  payload: WebhookPayload
}

/** A webhook, decoded and checked. Discriminate on `event`. */
export type WebhookEvent =
  | ReportEvent<'report_generated', 'complete'>
  | ReportEvent<'report_generation_failed', 'generation_failed'>
  | {
      event: 'data_pull_via_connection_failed'
      /** Present when the payload carries it (the service API does not show this payload). */
      productRequestId?: string
      consumerId?: string
      /** The payload as received (its shape is not specified), within `WEBHOOK_PAYLOAD_LIMITS`. */
      payload: Readonly<Record<string, unknown>>
    }

const STATUS_OF = {
  report_generated: 'complete',
  report_generation_failed: 'generation_failed',
} as const

/**
 * Bounds of every webhook payload, which is kept and relayed as it arrives (the free-form
 * `data_pull_via_connection_failed` one, and a report event with fields beyond the service API's): nested
 * at most `depth` levels and at most `bytes` long as JSON. Far above anything a notification
 * needs, far below what would let one delivery hold megabytes or overflow a stack.
 */
export const WEBHOOK_PAYLOAD_LIMITS = { depth: 16, bytes: 64 * 1024 } as const

/**
 * What an id in a webhook may be, as in a request to the backend: 1 to 256 letters, digits, `_` or
 * `-` (the service API's ids are a dozen characters). Keys, filters and `authorize` use them, so `/`, `%`,
 * a line break or a control character never reaches a lender's check.
 */
const WEBHOOK_ID = /^[A-Za-z0-9_-]{1,256}$/
const MAX_URL_LENGTH = 2048

/**
 * Decodes a webhook body (a parsed object or the raw JSON text) into a typed event: the service API's
 * fields for the report events, and the whole payload within `WEBHOOK_PAYLOAD_LIMITS` (so a field
 * the service adds later reaches `onWebhook`; a report event past them keeps the service API's fields
 * only). A malformed body, an unknown event, a status that contradicts
 * the event, or a payload past its limits throws an `IbvError` (`invalid_webhook`) whose `fields`
 * say what is wrong.
 *
 * @example
 * const event = parseWebhook(await request.text())
 * if (event.event === 'report_generated') await fetchReport(event.productRequestId)
 */
export function parseWebhook(body: unknown): WebhookEvent {
  const value = typeof body === 'string' ? parseJson(body) : body
  const envelope = parseWith(
    z.looseObject({ event: z.string() }),
    value,
    'invalid_webhook',
    'webhook body',
  )
  const record = value as Record<string, unknown>
  const event = envelope.event
  if (event === 'data_pull_via_connection_failed') {
    return {
      event,
      ...optionalString('productRequestId', record.product_request_id),
      ...optionalString('consumerId', record.consumer_id),
      payload: withinLimits(record),
    }
  }
  if (event !== 'report_generated' && event !== 'report_generation_failed') {
    throw new IbvError('invalid_webhook', `Unknown webhook event "${event.slice(0, 80)}".`, {
      fields: { event: [`must be one of ${WEBHOOK_EVENTS.join(', ')}`] },
    })
  }
  const payload = parseWith(webhookPayloadSchema, value, 'invalid_webhook', 'webhook body')
  for (const name of ['consumer_id', 'product_request_id'] as const) {
    if (!WEBHOOK_ID.test(payload[name])) {
      throw new IbvError('invalid_webhook', `The webhook's ${name} is not an id.`, {
        fields: { [name]: ['must be 1 to 256 letters, digits, _ or -'] },
      })
    }
  }
  for (const [name, longest] of [['ibv_report', MAX_URL_LENGTH]] as const) {
    if (payload[name].length > longest) {
      throw new IbvError(
        'invalid_webhook',
        `The webhook's ${name} is longer than ${longest} characters.`,
        { fields: { [name]: [`must not be longer than ${longest} characters`] } },
      )
    }
  }
  const status = STATUS_OF[event]
  if (payload.ibv_report_status !== status) {
    throw new IbvError(
      'invalid_webhook',
      `A ${event} webhook must report the status "${status}".`,
      {
        fields: { ibv_report_status: [`must be ${status} for ${event}`] },
      },
    )
  }
  const common = {
    productRequestId: payload.product_request_id,
    consumerId: payload.consumer_id,
    reportUrl: payload.ibv_report,
    // Whatever else arrived too, bounded as the free-form payload; past the bounds, the service API's fields.
    payload: payloadProblem(payload) ? specFields(payload) : payload,
  }
  return event === 'report_generated'
    ? { event, status: 'complete', ...common }
    : { event, status: 'generation_failed', ...common }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw new IbvError('invalid_webhook', 'The webhook body is not valid JSON.', { cause })
  }
}

function withinLimits(record: Record<string, unknown>): Record<string, unknown> {
  const problem = payloadProblem(record)
  if (problem) throw problem
  return record
}

/** Why `record` is past `WEBHOOK_PAYLOAD_LIMITS`, or `undefined` when it is within them. */
function payloadProblem(record: Record<string, unknown>): IbvError | undefined {
  const { depth, bytes } = WEBHOOK_PAYLOAD_LIMITS
  // Depth first: measuring the size serializes, and serializing a deep value overflows the stack.
  if (nestsDeeperThan(record, depth)) {
    return new IbvError(
      'invalid_webhook',
      `The webhook payload nests deeper than ${depth} levels.`,
      { fields: { payload: [`must not be nested deeper than ${depth} levels`] } },
    )
  }
  if (new TextEncoder().encode(JSON.stringify(record)).length > bytes) {
    return new IbvError(
      'invalid_webhook',
      `The webhook payload is larger than ${bytes / 1024} KiB.`,
      { fields: { payload: [`must not be larger than ${bytes / 1024} KiB`] } },
    )
  }
  return undefined
}

function specFields(payload: WebhookPayload): WebhookPayload {
  const { consumer_id, product_request_id, ibv_report, ibv_report_status, event } = payload
  return { consumer_id, product_request_id, ibv_report, ibv_report_status, event }
}

function optionalString<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' && WEBHOOK_ID.test(value)
    ? ({ [key]: value } as Record<K, string>)
    : {}
}
