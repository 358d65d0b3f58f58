import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js'

export interface SandboxServer {
  /** The base URL the sandbox answers on, such as `http://127.0.0.1:4010`. */
  url: string
  sandbox: Sandbox
  /** Stops listening and stops the sandbox's timers. */
  close(): Promise<void>
}

/**
 * Serves a sandbox over HTTP with `@hono/node-server` (what `ibv-sandbox --port` runs).
 * Port 0 picks a free port.
 */
export async function startSandboxServer(
  options: SandboxOptions & { port?: number; hostname?: string } = {},
): Promise<SandboxServer> {
  const { port = 4010, hostname = '127.0.0.1', ...sandboxOptions } = options
  let url = `http://${hostname}:${port}`
  const sandbox = createSandbox({ serviceUrl: () => url, ...sandboxOptions })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: sandbox.fetch, port, hostname }, () => resolve(started))
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
