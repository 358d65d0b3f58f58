import type { IbvRelay } from './relay.js'
import { json } from './responses.js'

export interface HealthOptions {
  relay: IbvRelay
  /** Handled events waiting for the relay or the store. */
  outboxDepth(): number
  /** `/events` streams open on this instance. */
  openStreams(): number
  /** Whether `close()` was called. */
  closing(): boolean
}

/** How long a ping may take before Redis counts as unreachable, in milliseconds. */
const PING_TIMEOUT_MS = 1000

/**
 * `GET /health`, for load balancers: whether this instance can take work. JSON with counts only
 * (no ids, no keys, no addresses), so it is not subject to `authorize`:
 * `{ status, redis, outboxDepth, openStreams }`. `status` is `ok` (200), `unavailable` (503:
 * the relay's Redis does not answer a ping within a second) or `shutting_down` (503). `redis` is
 * `reachable`, `unreachable`, or `not used` for a relay without `ping`.
 */
export async function healthAnswer(options: HealthOptions): Promise<Response> {
  const redis = options.relay.ping
    ? (await pings(options.relay.ping.bind(options.relay)))
      ? 'reachable'
      : 'unreachable'
    : 'not used'
  const status = options.closing()
    ? 'shutting_down'
    : redis === 'unreachable'
      ? 'unavailable'
      : 'ok'
  const body = {
    status,
    redis,
    outboxDepth: options.outboxDepth(),
    openStreams: options.openStreams(),
  }
  return json(body, status === 'ok' ? 200 : 503)
}

async function pings(ping: () => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<boolean>(
    (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
  )
  try {
    return await Promise.race([
      ping().then(
        () => true,
        () => false,
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}
