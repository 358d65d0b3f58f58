import * as z from 'zod/mini'
import { IbvError } from './errors.js'
import { parseWith, webhookPayloadSchema, type WebhookPayload } from './schemas.js'

/** The events of the spec's Events table. */
export const WEBHOOK_EVENTS = ['report_generated', 'report_generation_failed', 'data_pull_via_connection_failed'] as const

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]

interface ReportEvent<E extends string, S extends string> {
  event: E
  productRequestId: string
  consumerId: string
  /** `ibv_report`: where the report is retrieved. */
  reportUrl: string
  status: S
  /** The payload as received, unknown extra fields included. */
  payload: WebhookPayload
}

/** A webhook, decoded and checked. Discriminate on `event`. */
export type WebhookEvent =
  | ReportEvent<'report_generated', 'complete'>
  | ReportEvent<'report_generation_failed', 'generation_failed'>
  | {
      event: 'data_pull_via_connection_failed'
      /** Present when the payload carries it (the spec does not show this payload). */
      productRequestId?: string
      consumerId?: string
      payload: Readonly<Record<string, unknown>>
    }

const STATUS_OF = { report_generated: 'complete', report_generation_failed: 'generation_failed' } as const

/**
 * Decodes a webhook body (a parsed object or the raw JSON text) into a typed event. Unknown extra
 * fields are kept in `payload`; a malformed body, an unknown event, or a status that contradicts
 * the event throws an `IbvError` (`invalid_webhook`) whose `fields` say what is wrong.
 *
 * @example
 * const event = parseWebhook(await request.text())
 * if (event.event === 'report_generated') await fetchReport(event.productRequestId)
 */
export function parseWebhook(body: unknown): WebhookEvent {
  const value = typeof body === 'string' ? parseJson(body) : body
  const envelope = parseWith(z.looseObject({ event: z.string() }), value, 'invalid_webhook', 'webhook body')
  const record = value as Record<string, unknown>
  const event = envelope.event
  if (event === 'data_pull_via_connection_failed') {
    return {
      event,
      ...optionalString('productRequestId', record.product_request_id),
      ...optionalString('consumerId', record.consumer_id),
      payload: record,
    }
  }
  if (event !== 'report_generated' && event !== 'report_generation_failed') {
    throw new IbvError('invalid_webhook', `Unknown webhook event "${event.slice(0, 80)}".`, {
      fields: { event: [`must be one of ${WEBHOOK_EVENTS.join(', ')}`] },
    })
  }
  const payload = parseWith(webhookPayloadSchema, value, 'invalid_webhook', 'webhook body')
  const status = STATUS_OF[event]
  if (payload.ibv_report_status !== status) {
    throw new IbvError('invalid_webhook', `A ${event} webhook must report the status "${status}".`, {
      fields: { ibv_report_status: [`must be ${status} for ${event}`] },
    })
  }
  const common = {
    productRequestId: payload.product_request_id,
    consumerId: payload.consumer_id,
    reportUrl: payload.ibv_report,
    payload,
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

function optionalString<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' && value !== '' ? ({ [key]: value } as Record<K, string>) : {}
}
