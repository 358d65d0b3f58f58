import { request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  /** The body as JSON, or undefined when it is not JSON. */
  json: Record<string, unknown> | undefined
}

/**
 * One HTTP request with exactly the headers given, `Host` included: what a rebound page's browser
 * sends. Node's fetch would replace `Host` with the URL's own.
 */
export function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: hostname.replace(/^\[|\]$/g, ''),
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        // A fresh connection each time, so no forged request rides on a legitimate one.
        agent: false,
      },
      (incoming) => {
        let text = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => (text += chunk))
        incoming.on('end', () => {
          let json: Record<string, unknown> | undefined
          try {
            json = JSON.parse(text) as Record<string, unknown>
          } catch {
            json = undefined
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json })
        })
      },
    )
    outgoing.once('error', reject)
    outgoing.end(body)
  })
}
