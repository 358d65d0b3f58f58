// The lender's backend, as in production but over the sandbox: it mints tokens, proxies report
// reads and receives webhooks. The sandbox's key stays here, on the server.
import { createIbvBackend, createIbvClient } from 'ibv-kit/server'
import type { Sandbox } from 'ibv-kit/sandbox'

export function createExampleBackend(sandbox: Sandbox) {
  return createIbvBackend({
    client: createIbvClient({
      apiKey: sandbox.apiKey,
      serviceUrl: 'http://sandbox.internal/ibv-sandbox',
      fetch: sandbox.fetch,
    }),
    // A real app checks the signed-in loan officer may see this applicant.
    authorize: () => true,
    // The sandbox on this dev server is the only sender; a real backend verifies (docs/guides/backend.md).
    verifyWebhook: () => true,
  })
}
