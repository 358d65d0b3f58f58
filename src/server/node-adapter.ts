import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { rememberNodeResponse } from './event-sinks.js'

type NodeHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next?: (error?: unknown) => void,
) => void

/** How long, and how many bytes of, the rest of a refused body is read and dropped before the connection closes. */
const LINGER_MS = 5000
const LINGER_BYTES = 1024 * 1024

/**
 * Adapts a backend to Node's `http` and Express. Requests outside its `basePath` go to `next`
 * (Express) or get a 404. Mount it before any body parser: it reads the raw body itself.
 *
 * An answer sent before the body was read to its end (a refusal: 401, 403, 408, 413, 415) closes
 * the connection gracefully: it carries `Connection: close`, the rest of the body is read and
 * dropped (at most 1 MiB, for at most 5 s), and only then is the socket closed, so a client still
 * uploading reads the answer instead of a reset (`EPIPE`, `ECONNRESET`).
 *
 * @example
 * app.use(toNodeHandler(backend)) // Express
 * http.createServer(toNodeHandler(backend)).listen(3000, '127.0.0.1') // plain Node
 */
export function toNodeHandler(backend: {
  basePath: string
  fetch(request: Request): Promise<Response>
}): NodeHandler {
  // Loaded on first use, so `ibv-kit/server` itself stays importable on edge runtimes.
  let listener:
    Promise<(request: IncomingMessage, response: ServerResponse) => Promise<void>> | undefined
  return (request, response, next) => {
    const path = request.url ?? '/'
    const mine =
      path === backend.basePath ||
      path.startsWith(`${backend.basePath}/`) ||
      path.startsWith(`${backend.basePath}?`)
    if (!mine) {
      if (next) next()
      else
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Not found.' }))
      return
    }
    listener ??= import('@hono/node-server').then(({ getRequestListener }) =>
      getRequestListener(async (req, env) => {
        // This handler is given Node's http/1 objects only (see NodeHandler).
        const { incoming, outgoing } = env as unknown as {
          incoming: IncomingMessage
          outgoing: ServerResponse
        }
        // An `/events` stream writes to Node's response itself, with no Web stream in between.
        rememberNodeResponse(req, outgoing)
        const answer = await backend.fetch(req)
        if (outgoing.headersSent) return alreadySent()
        if (bodyLeft(incoming)) closeGracefully(incoming, outgoing)
        return answer
      }),
    )
    void listener
      .then((handle) => handle(request, response))
      .catch((error: unknown) => (next ? next(error) : response.destroy()))
  }
}

/**
 * Tells `@hono/node-server` that the response was written already (an `/events` stream), so it
 * writes nothing more. Not its `RESPONSE_ALREADY_SENT`: that is a `Response` built with whatever
 * `Response` was global when its module loaded, and once any `@hono/node-server` server (a sandbox
 * server, a plain `serve()`) has replaced the global with its lightweight one, the marker is one of
 * those, which the adapter writes out like any answer ("Cannot write headers after they are
 * sent"). A plain object is no `Response` of any kind: the adapter reads its headers, finds the
 * marker header and stops, whichever `Response` is global and whatever ran first.
 */
function alreadySent(): Response {
  return {
    status: 200,
    headers: new Headers({ 'x-hono-already-sent': 'true' }),
    body: null,
  } as unknown as Response
}

/** Whether part of the request's body has not been read yet. */
function bodyLeft(incoming: IncomingMessage): boolean {
  if (incoming.readableEnded || incoming.method === 'GET' || incoming.method === 'HEAD')
    return false
  return (
    Number(incoming.headers['content-length'] ?? 0) > 0 ||
    incoming.headers['transfer-encoding'] !== undefined
  )
}

/**
 * Answers with `Connection: close`, and makes the close that follows a lingering one: the answer
 * and a FIN go out, the rest of the body is read and dropped (up to a bound), then the socket is
 * destroyed. Closing at once with unread bytes would reset the connection, and a client still
 * writing would lose the answer it had not read yet.
 */
function closeGracefully(incoming: IncomingMessage, outgoing: ServerResponse): void {
  if (!outgoing.headersSent) outgoing.setHeader('connection', 'close')
  const socket: Socket & { destroySoon?: () => void } = incoming.socket
  let lingering = false
  socket.destroySoon = () => {
    if (lingering) return
    lingering = true
    let dropped = 0
    const stop = () => {
      clearTimeout(timer)
      socket.destroy()
    }
    const timer = setTimeout(stop, LINGER_MS)
    timer.unref()
    if (socket.writable) socket.end()
    incoming.on('data', (chunk: Buffer) => {
      dropped += chunk.length
      if (dropped > LINGER_BYTES) stop()
    })
    incoming.once('end', stop)
    incoming.once('error', stop)
    socket.once('close', () => clearTimeout(timer))
    incoming.resume()
  }
}
