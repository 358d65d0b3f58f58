import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs'
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
            client: createIbvClient({
              apiKey: sandbox.apiKey,
              serviceUrl: 'http://sandbox.internal/ibv-sandbox',
              fetch: sandbox.fetch,
            }),
            authorize: () => true,
            verifyWebhook: () => true, // the sandbox on this server is the only sender
          }),
      }),
    ],
    server: {
      port: 0,
      host: '127.0.0.1',
      fs: { allow: [fileURLToPath(new URL('../../../', import.meta.url))] },
    },
    logLevel: 'silent',
  })
  await server.listen()
  return { url: server.resolvedUrls?.local[0] ?? '', server }
}

/** The elements' page, served and open in Chromium, and what closes both. */
export interface OpenElementsPage {
  url: string
  browser: Browser
  page: Page
  close(): Promise<void>
}

/**
 * Serves the elements' page (`startElementsPage`) and opens it in Chromium at 1280 × 800, once its
 * script has run: `query` is added to its address (`?locale=es`); `prepare` runs before it loads
 * (permissions, a fake clock, a request log).
 */
export async function openElementsPage(
  options: {
    query?: string
    prepare?: (page: Page, context: BrowserContext, url: string) => Promise<void> | void
  } = {},
): Promise<OpenElementsPage> {
  const { server, url } = await startElementsPage()
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await options.prepare?.(page, context, url)
  await page.goto(`${url}${options.query ?? ''}`)
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  return {
    url,
    browser,
    page,
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
