import type { IncomingMessage, ServerResponse } from 'node:http'
import { rememberPeer } from './client-key.js'
import { rememberNodeResponse } from './event-sinks.js'

type NodeHandler = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => void

/**
 * Adapts a backend to Node's `http` and Express. Requests outside its `basePath` go to `next`
 * (Express) or get a 404. Mount it before any body parser: it reads the raw body itself.
 *
 * @example
 * app.use(toNodeHandler(backend)) // Express
 * http.createServer(toNodeHandler(backend)).listen(3000, '127.0.0.1') // plain Node
 */
export function toNodeHandler(backend: { basePath: string; fetch(request: Request): Promise<Response> }): NodeHandler {
  // Loaded on first use, so `ibv-kit/server` itself stays importable on edge runtimes.
  let listener: Promise<(request: IncomingMessage, response: ServerResponse) => Promise<void>> | undefined
  return (request, response, next) => {
    const path = request.url ?? '/'
    const mine = path === backend.basePath || path.startsWith(`${backend.basePath}/`) || path.startsWith(`${backend.basePath}?`)
    if (!mine) {
      if (next) next()
      else response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found.' }))
      return
    }
    listener ??= Promise.all([import('@hono/node-server'), import('@hono/node-server/utils/response')]).then(([{ getRequestListener }, { RESPONSE_ALREADY_SENT }]) =>
      getRequestListener(async (req: Request, env) => {
        // The peer address, for the default `clientKey` (the proxy's, behind one).
        if ('incoming' in env) rememberPeer(req, env.incoming.socket.remoteAddress)
        // An `/events` stream writes to Node's response itself, with no Web stream in between.
        const outgoing = 'outgoing' in env && env.incoming.httpVersionMajor < 2 ? (env.outgoing as ServerResponse) : undefined
        if (outgoing) rememberNodeResponse(req, outgoing)
        const response = await backend.fetch(req)
        return outgoing?.headersSent ? RESPONSE_ALREADY_SENT : response
      }),
    )
    void listener.then((handle) => handle(request, response)).catch((error: unknown) => (next ? next(error) : response.destroy()))
  }
}
