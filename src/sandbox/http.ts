import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { IbvError, parseJsonObjectBody } from '../core/index.js'

/** An answer to send instead of going on: thrown by helpers, turned into JSON by the app. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`)
  }
}

/**
 * Reads a JSON object body (see `parseJsonObjectBody`): a wrong content type is a 415, text that
 * is not a JSON object a 400 in the service API's shape (`message` and `fields`).
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  try {
    return parseJsonObjectBody(text, c.req.header('content-type'))
  } catch (error) {
    if (!(error instanceof IbvError)) throw error
    throw new SandboxHttpError(error.status === 415 ? 415 : 400, {
      message: error.message,
      fields: error.fields,
    })
  }
}

/** Whether the request carries the sandbox's API key. */
export function hasApiKey(c: Context, apiKey: string): boolean {
  return c.req.header('x-api-key') === apiKey
}

/** Throws a 401 `{ message }` unless the request carries the API key (control and data routes). */
export function requireApiKey(c: Context, apiKey: string): void {
  if (!hasApiKey(c, apiKey)) {
    throw new SandboxHttpError(401, {
      message: 'Invalid credentials: send the sandbox API key in the x-api-key header.',
    })
  }
}

/** A non-empty string field, or undefined. */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** Throws a 400 in the service API's validation shape. */
export function invalid(fields: Record<string, string[]>, message = 'Validation error'): never {
  throw new SandboxHttpError(400, { message, fields })
}

/**
 * Who may frame the sandbox's pages unless told: itself, and pages on this machine (any port;
 * `http:` sources match `https:` too). No `http://[::1]:*`: CSP's grammar has no IPv6 literals,
 * and Chromium drops that source with a console error on every page.
 */
export const DEFAULT_FRAME_ANCESTORS: readonly string[] = [
  "'self'",
  'http://localhost:*',
  'http://127.0.0.1:*',
]

/**
 * Security headers for the sandbox's HTML pages: no inline code, nothing leaks in the referrer,
 * and only `frameAncestors` may frame them (the widget takes bank credentials: a page that could
 * frame it could overlay it). Throws on a source that would end the directive or the header.
 */
export function pageHeaders(frameAncestors: readonly string[]): Record<string, string> {
  const bad = frameAncestors.find((source) => !/^[^\s;,]+$/.test(source))
  if (frameAncestors.length === 0 || bad !== undefined) {
    throw new TypeError(
      `createSandbox: frameAncestors must be a non-empty list of CSP sources without spaces, ';' or ','${bad === undefined ? '' : ` (got ${JSON.stringify(bad)})`}; use ["'none'"] to forbid framing.`,
    )
  }
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${frameAncestors.join(' ')}`,
  }
}
