import type { Sandbox } from '../../src/sandbox/index.js'

export const KEY = 'sandbox-api-key'
export const BASE = 'http://sandbox.test'

export interface Answer<T = Record<string, unknown>> {
  status: number
  headers: Headers
  body: T
  text: string
}

/**
 * Calls a sandbox in process with the API key and a JSON body, and reads the answer (JSON when it
 * parses). Tests pass `headers` to drop or change the key.
 */
export async function call<T = Record<string, unknown>>(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { 'x-api-key': KEY, 'content-type': 'application/json' },
): Promise<Answer<T>> {
  const init: RequestInit = { method, headers }
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
  const response = await sandbox.fetch(new Request(`${BASE}${path}`, init))
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text }
}

/** The `data-ibv-messages` of a widget page: what it posts to the embedder. */
export function postedMessages(html: string): Array<Record<string, unknown>> {
  const match = /data-ibv-messages="([^"]*)"/.exec(html)
  if (!match?.[1]) return []
  return JSON.parse(
    match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  )
}

/** The form action of a widget page, as a path relative to the sandbox. */
export function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('no form on the page')
  return new URL(
    action.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    BASE,
  ).pathname
}

/** Posts the widget form like a browser does. */
export async function submitForm(
  sandbox: Sandbox,
  path: string,
  fields: Record<string, string>,
): Promise<Answer> {
  return call(sandbox, 'POST', path, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  })
}
