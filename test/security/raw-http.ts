import { request } from 'node:http'
import { connect } from 'node:net'

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
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
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

/** What a client uploading slowly saw: the bytes it read, and the socket error it got, if any. */
export interface UploadOutcome {
  status: number
  json: Record<string, unknown> | undefined
  /** `EPIPE`, `ECONNRESET`…: the connection was reset under the client. */
  error: string | undefined
  /** Whether the whole body was written before the connection closed. */
  uploaded: boolean
}

/**
 * Sends the headers of a request whose declared body is `chunks × chunkBytes` bytes, then the body
 * one chunk every `everyMs`, reading all the while, as a browser or an HTTP client does while its
 * upload is refused early; with `stallAfter`, it stops sending after that many chunks and waits.
 * Resolves once the server closed the connection, or its side of it while the client stalled.
 */
export function slowUpload(
  url: string,
  options: {
    path: string
    headers?: Record<string, string>
    chunks: number
    chunkBytes: number
    everyMs: number
    stallAfter?: number
  },
): Promise<UploadOutcome> {
  const { hostname, port } = new URL(url)
  const length = options.chunks * options.chunkBytes
  const head = [
    `POST ${options.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
  ]
  for (const [name, value] of Object.entries(options.headers ?? {})) head.push(`${name}: ${value}`)
  return new Promise((resolve) => {
    // Half-open allowed: like an HTTP client, it goes on sending after the server's answer and FIN.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true })
    let received = ''
    let error: string | undefined
    let sent = 0
    const finish = () => {
      clearInterval(timer)
      const [top = '', body = ''] = received.split('\r\n\r\n')
      let json: Record<string, unknown> | undefined
      try {
        json = JSON.parse(body) as Record<string, unknown>
      } catch {
        json = undefined
      }
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(top)?.[1] ?? 0),
        json,
        error,
        uploaded: sent === options.chunks && error === undefined,
      })
    }
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on(
      'error',
      (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message),
    )
    socket.on('close', finish)
    // The server closed its side (FIN) while the client stalled, or answered before the client sent
    // the part it sends before stalling: it is done with this connection.
    socket.on('end', () => options.stallAfter !== undefined && socket.destroy())
    socket.write(`${head.join('\r\n')}\r\n\r\n`)
    const timer = setInterval(() => {
      if (socket.destroyed || sent === options.stallAfter) return
      if (sent === options.chunks) {
        clearInterval(timer)
        socket.end()
        return
      }
      sent++
      socket.write('x'.repeat(options.chunkBytes))
    }, options.everyMs)
  })
}
