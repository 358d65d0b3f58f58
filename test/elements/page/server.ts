import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { packageAliases } from '../../../vite.config.ts'

/**
 * Serves test/elements/page/ (a plain HTML page that imports `ibv-kit/elements` and
 * `ibv-kit/styles.css`, resolved to src/) with Vite on a free 127.0.0.1 port, and no React plugin.
 */
export async function startElementsPage(): Promise<{ url: string; server: ViteDevServer }> {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    resolve: { alias: packageAliases },
    server: { port: 0, host: '127.0.0.1', fs: { allow: [fileURLToPath(new URL('../../../', import.meta.url))] } },
    logLevel: 'silent',
  })
  await server.listen()
  return { url: server.resolvedUrls?.local[0] ?? '', server }
}
