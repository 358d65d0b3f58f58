import type { AddressInfo } from 'node:net'
import type { ServerType } from '@hono/node-server'
import { refusal } from './request-guard.js'
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js'

export interface SandboxServer {
  /** The base URL the sandbox answers on, such as `http://127.0.0.1:4010`. */
  url: string
  sandbox: Sandbox
  /** Stops listening and stops the sandbox's timers. */
  close(): Promise<void>
}

export interface SandboxServerOptions extends SandboxOptions {
  /** Port to listen on; 0 picks a free one. @default 4010 */
  port?: number
  /** Address to listen on. @default '127.0.0.1' */
  hostname?: string
  /**
   * `Host` names answered besides `localhost`, `*.localhost` and IP literals (and `hostname`);
   * anything else gets a 403, which stops DNS rebinding. A leading dot (`.example.com`) also
   * allows subdomains; `'*'` allows any host (only behind a proxy that checks it). Pages on these
   * hosts may also call the sandbox cross-origin. @default []
   */
  allowedHosts?: readonly string[]
}

/**
 * Serves a sandbox over HTTP with `@hono/node-server` (what `ibv-sandbox --port` runs), refusing
 * requests for other hosts and from other sites' pages (a 403 `{ message }`).
 *
 * @example
 * const server = await startSandboxServer({ port: 0, allowedHosts: ['sandbox.lan'] })
 */
export async function startSandboxServer(
  options: SandboxServerOptions = {},
): Promise<SandboxServer> {
  const { port = 4010, hostname = '127.0.0.1', allowedHosts = [], ...sandboxOptions } = options
  let url = `http://${hostname}:${port}`
  const sandbox = createSandbox({ serviceUrl: () => url, ...sandboxOptions })
  const rules = { allowedHosts: [...allowedHosts, hostname], checkHost: true }
  const guarded = (request: Request) => {
    const refused = refusal(
      {
        host: request.headers.get('host') ?? undefined,
        origin: request.headers.get('origin') ?? undefined,
      },
      rules,
    )
    return refused ? Response.json({ message: refused }, { status: 403 }) : sandbox.fetch(request)
  }
  // Loaded here, not at the top, so that importing `ibv-kit/sandbox` in a browser (createSandbox
  // behind a service worker, as Storybook does) never loads Node's HTTP server.
  const { serve } = await import('@hono/node-server')
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve({ fetch: guarded, port, hostname }, () => resolve(started))
    started.once('error', reject)
  })
  url = `http://${hostname}:${(server.address() as AddressInfo).port}`
  return {
    url,
    sandbox,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.close()
        server.close(() => resolve())
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      }),
  }
}
