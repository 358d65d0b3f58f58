import { IbvError } from './errors.js'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js'

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

/**
 * Reads a request body that must be a JSON object. A content type other than JSON is an
 * `IbvError` with status 415; text that is not JSON, or JSON that is not an object, one with
 * status 400 and `fields.body`. An empty body reads as `{}`, so missing fields are reported one
 * by one. A body nested deeper than `MAX_JSON_DEPTH` is a 400 too. Shared by the backend and the
 * sandbox, which answer the same way.
 */
export function parseJsonObjectBody(
  text: string,
  contentType: string | null | undefined,
): Record<string, unknown> {
  if (contentType && !JSON_TYPE.test(contentType)) {
    throw new IbvError(
      'invalid_request',
      `Send the body as JSON (Content-Type: application/json), not ${contentType.slice(0, 60)}.`,
      {
        status: 415,
        fields: { body: ['must be application/json'] },
      },
    )
  }
  let value: unknown
  try {
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new IbvError('invalid_request', 'The request body is not valid JSON.', {
      status: 400,
      fields: { body: ['is not valid JSON'] },
    })
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new IbvError(
      'invalid_request',
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
      { status: 400, fields: { body: ['is nested too deep'] } },
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IbvError('invalid_request', 'The request body must be a JSON object.', {
      status: 400,
      fields: { body: ['must be a JSON object'] },
    })
  }
  return value as Record<string, unknown>
}
