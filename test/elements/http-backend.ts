import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  createIbvBackend,
  createIbvClient,
  type IbvBackendOptions,
} from '../../src/server/index.js'
import { createSandbox } from '../../src/sandbox/index.js'

/**
 * The lender's real backend over HTTP on 127.0.0.1 (a free port), in front of an in-process
 * sandbox: what the elements' jsdom tests mint their tokens from. `close()` stops both.
 */
export async function startHttpBackend(
  serviceUrl: string,
  options: Partial<IbvBackendOptions> = {},
) {
  const sandbox = createSandbox({ serviceUrl })
  const backend = createIbvBackend({
    client: createIbvClient({ apiKey: sandbox.apiKey, serviceUrl, fetch: sandbox.fetch }),
    authorize: () => true,
    verifyWebhook: () => true,
    ...options,
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: backend.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  return {
    sandbox,
    tokenUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ibv/tokens`,
    close() {
      sandbox.close()
      server.close()
    },
  }
}
