import type { WebhookEvent } from '../core/index.js'

/**
 * The key under which a delivery counts as the same event: the event and its product request, or
 * for `data_pull_via_connection_failed` (no documented id) a SHA-256 of its payload, so a key is
 * short whatever the payload's size.
 */
export async function webhookKey(event: WebhookEvent): Promise<string> {
  if (event.event !== 'data_pull_via_connection_failed')
    return `${event.event}:${event.productRequestId}`
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(JSON.stringify(event.payload)),
  )
  return `${event.event}:${Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}
