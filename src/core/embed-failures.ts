import { IbvError } from './errors.js'
import { assertFrameUrl } from './urls.js'
import { assertServiceOrigin, type ServiceOriginPolicy } from './service-origins.js'

import type { Frame } from './embed-frames.js'

// An embed session's own failures: the request it cannot make, the page that kept quiet, the
// sessions that kept expiring.

/**
 * Re-mint for an expired document at most this often, so a clock skew cannot loop: a complaint
 * inside the window is deferred to its end, never dropped, and counts as a failed renewal.
 */
export const EXPIRED_REMINT_MS = 10_000

/** Failed renewals in a row after which the error state and "Try again" are shown. */
export const MAX_FAILED_RENEWALS = 3

/** The session's own failures, by `IbvError` code. */
export const EMBED_FAILURES = {
  invalid_request: 'An embedded report needs a non-empty productRequestId.',
  unauthorized: 'The report token expired.',
  timeout: 'The report page did not answer in time.',
} as const

/** Why a report cannot be asked for, if it cannot. */
export function invalidRequest(
  productRequestId: unknown,
  serviceUrl: unknown,
  serviceOrigins: ServiceOriginPolicy | undefined,
): IbvError | undefined {
  if (typeof productRequestId !== 'string' || productRequestId === '') {
    return new IbvError('invalid_request', EMBED_FAILURES.invalid_request, {
      source: 'app',
      fields: { productRequestId: ['is required'] },
    })
  }
  try {
    assertFrameUrl(serviceUrl)
    if (serviceOrigins) assertServiceOrigin(serviceUrl, serviceOrigins)
    return undefined
  } catch (error) {
    return error as IbvError
  }
}

/** The expired shown document was replaced too often in a row: the session gives up. */
export const gaveUp = (frames: readonly Frame[], failedRenewals: number) =>
  !!frames[0]?.expired && failedRenewals >= MAX_FAILED_RENEWALS

/** The code of the session's own failure now, if any. */
export function ownFailure(
  valid: boolean,
  frames: readonly Frame[],
  failedRenewals: number,
): keyof typeof EMBED_FAILURES | undefined {
  if (!valid) return 'invalid_request'
  // The report page said nothing, or its sessions kept expiring: the service's side.
  if (gaveUp(frames, failedRenewals)) return 'unauthorized'
  return frames.some((frame) => frame.unavailable) ? 'timeout' : undefined
}
