import { parseJsonObjectBody } from '../core/index.js'

/** Reads a JSON object body, or throws an `IbvError` (`invalid_request`, 400 or 415) saying what is wrong. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  return parseJsonObjectBody(await request.text(), request.headers.get('content-type'))
}
