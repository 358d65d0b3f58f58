import { IbvError } from '../core/index.js'

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

/** Reads a JSON object body, or throws an `IbvError` (`invalid_request`) saying what is wrong. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type')
  if (type && !JSON_TYPE.test(type)) {
    throw new IbvError('invalid_request', 'Send the body as JSON (Content-Type: application/json).', {
      status: 415,
      fields: { body: ['must be application/json'] },
    })
  }
  const text = await request.text()
  let value: unknown
  try {
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new IbvError('invalid_request', 'The request body is not valid JSON.', { status: 400, fields: { body: ['is not valid JSON'] } })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IbvError('invalid_request', 'The request body must be a JSON object.', { status: 400, fields: { body: ['must be a JSON object'] } })
  }
  return value as Record<string, unknown>
}
