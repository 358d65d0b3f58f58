import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostnameOfHeader, hostnameOfUrl, inHostList } from './hosts.js'
import { refusal, type GuardRules } from './request-guard.js'
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
  backend?:
    | FetchHandler
    | ((sandbox: Sandbox, server: DevServerModules) => FetchHandler | Promise<FetchHandler>)
  /** Where the backend is mounted. @default '/api/ibv' */
  backendPath?: string
}

/** What a backend factory may use of the dev server. */
export interface DevServerModules {
  ssrLoadModule(url: string): Promise<Record<string, unknown>>
}

type Next = (error?: unknown) => void
/** The part of Vite's `server` or `preview` options the plugin reads. */
interface HostOptions {
  allowedHosts?: readonly string[] | true
  host?: string | boolean
}
interface ServerLike extends Partial<DevServerModules> {
  middlewares: {
    use(handler: (req: IncomingMessage, res: ServerResponse, next: Next) => void): void
  }
  httpServer: {
    once(event: 'listening', listener: () => void): unknown
    address(): AddressInfo | string | null
  } | null
  config?: { server?: HostOptions; preview?: HostOptions }
}

/**
 * A Vite plugin that mounts the sandbox on the dev (and preview) server under `/ibv-sandbox`, and
 * a backend under `/api/ibv` when given one. Used by `npm run dev` and the browser tests.
 *
 * @example
 * export default defineConfig({ plugins: [ibvSandbox({ backend: (sandbox) => createDemoBackend(sandbox) })] })
 */
export function ibvSandbox(options: IbvSandboxPluginOptions = {}) {
  const sandboxPath = (options.sandboxPath ?? '/ibv-sandbox').replace(/\/+$/, '')
  const backendPath = (options.backendPath ?? '/api/ibv').replace(/\/+$/, '')

  const mount = async (server: ServerLike, kind: 'server' | 'preview') => {
    // Loaded here, not at the top, so importing `ibv-kit/sandbox` in a browser never pulls in Node.
    const { getRequestListener } = await import('@hono/node-server')
    let origin: string | undefined
    // The address the server itself reported; unlike `origin`, never learnt from a request.
    let listening: string | undefined
    const rules = guardRules(server.config?.[kind])
    const sandbox = createSandbox({
      basePath: sandboxPath,
      serviceUrl: () => (origin ? origin + sandboxPath : undefined),
      ...options.sandbox,
      webhookHosts: webhookHosts(options.sandbox, () => listening),
    })
    const modules: DevServerModules = {
      ssrLoadModule: (url) => {
        if (!server.ssrLoadModule)
          throw new Error(
            'ibvSandbox: this server cannot load modules (a preview server); pass a backend object.',
          )
        return server.ssrLoadModule(url)
      },
    }
    // Built on first use, so a backend loaded through Vite sees the server fully set up.
    let built: Promise<FetchHandler> | undefined
    const backend = () =>
      (built ??= Promise.resolve(
        typeof options.backend === 'function'
          ? options.backend(sandbox, modules)
          : (options.backend as FetchHandler),
      ))
    const sandboxListener = getRequestListener(sandbox.fetch)
    const backendListener = options.backend
      ? getRequestListener(async (request: Request) => (await backend()).fetch(request))
      : undefined

    server.httpServer?.once('listening', () => {
      const address = server.httpServer?.address()
      if (!address || typeof address === 'string') return
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
      origin = `http://${address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : host}:${address.port}`
      listening = origin
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
      const path = req.url ?? '/'
      const under = (prefix: string) =>
        path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)
      const refused = under(sandboxPath)
        ? refusal({ host: req.headers.host, origin: req.headers.origin }, rules)
        : undefined
      if (refused) {
        res
          .writeHead(403, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: refused }))
        return
      }
      // Servers that never emit `listening` to us (Storybook's) still show their address here
      // (a Host that Vite's host check let through). Only for links: it allows no webhook host.
      if (!origin && req.headers.host && hostnameOfHeader(req.headers.host))
        origin = `http://${req.headers.host}`
      if (under(sandboxPath)) void sandboxListener(req, res)
      else if (backendListener && under(backendPath)) void backendListener(req, res)
      else next()
    })
  }

  return {
    name: 'ibv-kit:sandbox',
    configureServer: (server: ServerLike) => mount(server, 'server'),
    configurePreviewServer: (server: ServerLike) => mount(server, 'preview'),
  }
}

/**
 * Vite (6.0.9 and later) checks `Host` against `allowedHosts` in a middleware it adds before any
 * plugin's `configureServer` runs, so a rebound request never reaches the sandbox; the plugin
 * checks `Host` itself only on a Vite without that option. Vite checks no `Origin`: the plugin
 * does, for sandbox paths, letting through the hosts Vite was told to allow.
 */
function guardRules(vite: HostOptions | undefined): GuardRules {
  const listed = Array.isArray(vite?.allowedHosts) ? vite.allowedHosts : []
  const host = typeof vite?.host === 'string' ? [vite.host] : []
  return { allowedHosts: [...listed, ...host], checkHost: vite?.allowedHosts === undefined }
}

/**
 * The sandbox's own webhooks go to this dev server: when it listens on an address that is not
 * loopback (`--host 192.168.1.5`), that address is allowed too, on top of the user's rule. Only
 * the address the server reported counts, never a `Host` a request claimed.
 */
function webhookHosts(
  options: SandboxOptions | undefined,
  origin: () => string | undefined,
): SandboxOptions['webhookHosts'] {
  const given = options?.webhookHosts
  // A custom fetch with no rule may deliver anywhere already (createSandbox's default).
  if (given === undefined && options?.fetch) return undefined
  const own = (hostname: string) => {
    const current = origin()
    return current !== undefined && hostnameOfUrl(current) === hostname
  }
  if (typeof given === 'function') return (hostname) => own(hostname) || given(hostname)
  return (hostname) => own(hostname) || inHostList(hostname, given ?? [])
}
