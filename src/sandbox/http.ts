import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** An answer to send instead of going on: thrown by helpers, turned into JSON by the app. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`)
  }
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

/**
 * Reads a JSON object body. A content type other than JSON is a 415; text that is not JSON, or
 * JSON that is not an object, a 400 in the spec's shape (`message` and `fields`). An empty body
 * reads as `{}` so that missing fields are reported field by field.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type')
  if (type && !JSON_TYPE.test(type)) {
    throw new SandboxHttpError(415, { message: `Send the body as JSON (Content-Type: application/json), not ${type.slice(0, 60)}.` })
  }
  const text = await c.req.text()
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SandboxHttpError(400, { message: 'The request body is not valid JSON.', fields: { body: ['is not valid JSON'] } })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SandboxHttpError(400, { message: 'The request body must be a JSON object.', fields: { body: ['must be a JSON object'] } })
  }
  return value as Record<string, unknown>
}

/** Whether the request carries the sandbox's API key. */
export function hasApiKey(c: Context, apiKey: string): boolean {
  return c.req.header('x-api-key') === apiKey
}

/** Throws a 401 `{ message }` unless the request carries the API key (control and data routes). */
export function requireApiKey(c: Context, apiKey: string): void {
  if (!hasApiKey(c, apiKey)) {
    throw new SandboxHttpError(401, { message: 'Invalid credentials: send the sandbox API key in the x-api-key header.' })
  }
}

/** A non-empty string field, or undefined. */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** Throws a 400 in the spec's validation shape. */
export function invalid(fields: Record<string, string[]>, message = 'Validation error'): never {
  throw new SandboxHttpError(400, { message, fields })
}

/** Security headers for the sandbox's HTML pages: no inline code, nothing leaks in the referrer. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'",
} as const
