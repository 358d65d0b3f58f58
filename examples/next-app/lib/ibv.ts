// The lender's server side of ibv-kit: the service client (it alone holds the API key), the
// backend that the browser's components call under /api/ibv, and who may see what.
//
// For this example the service is the ibv-kit sandbox, in this same process and served to the
// browser under /ibv-sandbox (app/ibv-sandbox/[...path]/route.ts), so it runs with no API key
// and no network. In a real app there is no sandbox here: the client talks to the service
//   createIbvClient({ apiKey: process.env.IBV_API_KEY!, serviceUrl: process.env.IBV_SERVICE_URL! })
// and the browser loads the report from NEXT_PUBLIC_IBV_SERVICE_URL.
import {
  createIbvBackend,
  createIbvClient,
  createMemoryTokenCache,
  headerSecretVerifier,
  type AuthorizeContext,
} from 'ibv-kit/server'
import { createManualClock, createSandbox, type Sandbox } from 'ibv-kit/sandbox'

/** The demo's sign-in: a session cookie naming a session that lists its product requests. */
export const SESSION_COOKIE = 'demo_session'

interface Example {
  sandbox: Sandbox
  backend: ReturnType<typeof createIbvBackend>
  /** session id → the product requests its loan officer may see. A real app has its own sessions. */
  sessions: Map<string, Set<string>>
}

function createExample(): Example {
  const sandbox = createSandbox({
    basePath: '/ibv-sandbox',
    // The end-to-end tests stop sandbox time (IBV_SANDBOX_CLOCK=manual) so a report keeps its status.
    clock: process.env.IBV_SANDBOX_CLOCK === 'manual' ? createManualClock(Date.now()) : undefined,
  })
  const sessions = new Map<string, Set<string>>()

  /** Whether the caller's session may see this product request; consumers are not used here. */
  const authorize = ({ request, productRequestId }: AuthorizeContext) => {
    const session = sessionOf(request.headers.get('cookie'), sessions)
    return session !== undefined && productRequestId !== undefined && session.has(productRequestId)
  }

  const backend = createIbvBackend({
    // In-process: the client's fetch is the sandbox's handler; the host in serviceUrl is never dialled.
    client: createIbvClient({
      apiKey: sandbox.apiKey,
      serviceUrl: 'http://sandbox.internal/ibv-sandbox',
      fetch: sandbox.fetch,
    }),
    authorize,
    // One embedded report token per product request and renewal window, shared by its viewers
    // and by prefetchReport. createRedisTokenCache (ibv-kit/server/redis) for several instances.
    tokenCache: createMemoryTokenCache(),
    // This example registers no webhook URL, so no delivery is expected: a new random secret each
    // start refuses every one. A real backend reads the secret the service sends from its environment.
    verifyWebhook: headerSecretVerifier(
      'x-webhook-secret',
      process.env.IBV_WEBHOOK_SECRET ?? crypto.randomUUID(),
    ),
  })
  return { sandbox, backend, sessions }
}

/** The session's product requests, from a Cookie header. */
function sessionOf(
  cookieHeader: string | null,
  sessions: Map<string, Set<string>>,
): Set<string> | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SESSION_COOKIE) return sessions.get(value.join('='))
  }
  return undefined
}

// One per process. Next.js may evaluate this module once per route bundle (and again after an
// edit in `next dev`): keep the instance on globalThis so pages and route handlers share it.
const holder = globalThis as typeof globalThis & { __ibvNextExample?: Example }
const example = (holder.__ibvNextExample ??= createExample())

export const { sandbox, backend, sessions } = example
