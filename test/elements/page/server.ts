import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { packageAliases } from '../../../vite.config.ts'
import { ibvSandbox } from '../../../src/sandbox/vite-plugin.ts'
import { createIbvBackend } from '../../../src/server/backend.ts'
import { createIbvClient } from '../../../src/server/client.ts'

/**
 * Serves test/elements/page/ (a plain HTML page that imports `ibv-kit/elements` and
 * `ibv-kit/styles.css`, resolved to src/) with Vite on a free 127.0.0.1 port, and no React plugin;
 * the sandbox under /ibv-sandbox and a backend under /api/ibv wired to it, as the browser tests have.
 */
export async function startElementsPage(): Promise<{ url: string; server: ViteDevServer }> {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    resolve: { alias: packageAliases },
    plugins: [
      ibvSandbox({
        backend: (sandbox) =>
          createIbvBackend({
            client: createIbvClient({ apiKey: sandbox.apiKey, serviceUrl: 'http://sandbox.internal/ibv-sandbox', fetch: sandbox.fetch }),
            authorize: () => true,
            verifyWebhook: () => true, // the sandbox on this server is the only sender
          }),
      }),
    ],
    server: { port: 0, host: '127.0.0.1', fs: { allow: [fileURLToPath(new URL('../../../', import.meta.url))] } },
    logLevel: 'silent',
  })
  await server.listen()
  return { url: server.resolvedUrls?.local[0] ?? '', server }
}
