export { safeReporter } from '../safe-reporter.js'

/**
 * Redis could not answer (it is down, restarting or unreachable, or refused the command). The
 * store throws it, so the webhook route answers a retryable `503` and the service retries the
 * delivery; the Redis client's own error is its `cause`.
 */
export class RedisStoreError extends Error {
  override readonly name = 'RedisStoreError'
}

/** A `RedisStoreError` saying `failed` and why, already reported: the caller throws it. */
export function reportedFailure(
  report: (error: unknown) => void,
  failed: string,
  cause: unknown,
): RedisStoreError {
  const error = new RedisStoreError(
    `${failed}: ${cause instanceof Error ? cause.message : String(cause)}`,
    { cause },
  )
  report(error)
  return error
}
