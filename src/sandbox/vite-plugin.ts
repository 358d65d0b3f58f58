import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js'

/** Anything with a Web-standard `fetch`, such as what `createIbvBackend` returns. */
export interface FetchHandler {
  fetch(request: Request): Promise<Response> | Response
}

export interface IbvSandboxPluginOptions {
  /** Options of the mounted sandbox. */
  sandbox?: SandboxOptions
  /** Where the sandbox is mounted. @default '/ibv-sandbox' */
  sandboxPath?: string
  /**
   * A backend to mount under `backendPath`, or a function that builds one for the mounted sandbox
   * (its service URL is `{sandboxPath}` on any origin, with `sandbox.fetch` as the fetch). The
   * function may be async and gets the dev server too, to load the backend through Vite with
   * `server.ssrLoadModule`. With a backend, the sandbox sends its webhooks to
   * `{backendPath}/webhooks` over real HTTP.
   */
  backend?: FetchHandler | ((sandbox: Sandbox, server: DevServerModules) => FetchHandler | Promise<FetchHandler>)
  /** Where the backend is mounted. @default '/api/ibv' */
  backendPath?: string
}

/** What a backend factory may use of the dev server. */
export interface DevServerModules {
  ssrLoadModule(url: string): Promise<Record<string, unknown>>
}

type Next = (error?: unknown) => void
interface ServerLike extends Partial<DevServerModules> {
  middlewares: { use(handler: (req: IncomingMessage, res: ServerResponse, next: Next) => void): void }
  httpServer: { once(event: 'listening', listener: () => void): unknown; address(): AddressInfo | string | null } | null
}

/**
 * A Vite plugin that mounts the sandbox on the dev (and preview) server under `/ibv-sandbox`, and
 * a backend under `/api/ibv` when given one. Used by `npm run dev`, Storybook and browser tests.
 *
 * @example
 * export default defineConfig({ plugins: [ibvSandbox({ backend: (sandbox) => createDemoBackend(sandbox) })] })
 */
export function ibvSandbox(options: IbvSandboxPluginOptions = {}) {
  const sandboxPath = (options.sandboxPath ?? '/ibv-sandbox').replace(/\/+$/, '')
  const backendPath = (options.backendPath ?? '/api/ibv').replace(/\/+$/, '')

  const mount = async (server: ServerLike) => {
    // Loaded here, not at the top, so importing `ibv-kit/sandbox` in a browser never pulls in Node.
    const { getRequestListener } = await import('@hono/node-server')
    let origin: string | undefined
    const sandbox = createSandbox({
      basePath: sandboxPath,
      serviceUrl: () => (origin ? origin + sandboxPath : undefined),
      ...options.sandbox,
    })
    const modules: DevServerModules = {
      ssrLoadModule: (url) => {
        if (!server.ssrLoadModule) throw new Error('ibvSandbox: this server cannot load modules (a preview server); pass a backend object.')
        return server.ssrLoadModule(url)
      },
    }
    // Built on first use, so a backend loaded through Vite sees the server fully set up.
    let built: Promise<FetchHandler> | undefined
    const backend = () => (built ??= Promise.resolve(typeof options.backend === 'function' ? options.backend(sandbox, modules) : (options.backend as FetchHandler)))
    const sandboxListener = getRequestListener(sandbox.fetch)
    const backendListener = options.backend ? getRequestListener(async (request: Request) => (await backend()).fetch(request)) : undefined

    server.httpServer?.once('listening', () => {
      const address = server.httpServer?.address()
      if (!address || typeof address === 'string') return
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
      origin = `http://${address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : host}:${address.port}`
      if (options.backend && !options.sandbox?.webhookUrl) {
        void sandbox.fetch(
          new Request(`${origin}${sandboxPath}/sandbox/webhook_url`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
            body: JSON.stringify({ url: `${origin}${backendPath}/webhooks` }),
          }),
        )
      }
    })

    server.middlewares.use((req, res, next) => {
      // Servers that never emit `listening` to us (Storybook's) still show their address here.
      if (!origin && req.headers.host) origin = `http://${req.headers.host}`
      const path = req.url ?? '/'
      const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)
      if (under(sandboxPath)) void sandboxListener(req, res)
      else if (backendListener && under(backendPath)) void backendListener(req, res)
      else next()
    })
  }

  return {
    name: 'ibv-kit:sandbox',
    configureServer: mount,
    configurePreviewServer: mount,
  }
}
