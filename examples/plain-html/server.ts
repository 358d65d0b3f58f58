// The plain HTML example's backend: the ibv-kit routes under /api/ibv (the API key stays here),
// index.html, and ibv-kit's built browser modules under /ibv-kit/ for the page's import map.
// Run it with `npx tsx server.ts`, beside `npx ibv-sandbox` (README.md).
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createIbvBackend,
  createIbvClient,
  headerSecretVerifier,
  toNodeHandler,
} from 'ibv-kit/server'

const port = Number(process.env.PORT ?? 3000)
// The standalone sandbox's public test values; the real service's come from the environment.
const serviceUrl = process.env.IBV_SERVICE_URL ?? 'http://127.0.0.1:4010'
const apiKey = process.env.IBV_API_KEY ?? 'sandbox-api-key'
// No fallback: a secret printed here would be one anyone could send. `openssl rand -base64 32` makes one.
const webhookSecret = process.env.IBV_WEBHOOK_SECRET?.trim()
if (!webhookSecret)
  throw new Error(
    'IBV_WEBHOOK_SECRET is not set: make one with `openssl rand -base64 32`, and give the same to the sandbox (--webhook-header x-webhook-secret=…).',
  )
if (apiKey === 'sandbox-api-key' && process.env.NODE_ENV === 'production')
  throw new Error(
    'The sandbox in production: set IBV_SERVICE_URL, IBV_API_KEY and IBV_WEBHOOK_SECRET.',
  )

/** ibv-kit's built modules, the `dist/` folder of the installed package. */
const distDir =
  process.env.IBV_KIT_DIST ??
  join(dirname(createRequire(import.meta.url).resolve('ibv-kit/package.json')), 'dist')
const page = fileURLToPath(new URL('./index.html', import.meta.url))

const backend = createIbvBackend({
  client: createIbvClient({ apiKey, serviceUrl }),
  // Yours: may the signed-in loan officer see this applicant? This one allows everything (development only).
  authorize: () => true,
  // The sandbox sends this header with every webhook (--webhook-header); the real service's check is yours.
  verifyWebhook: headerSecretVerifier('x-webhook-secret', webhookSecret),
})

/** A file of `distDir` for a path under /ibv-kit/: a .js or .css file inside it, else nothing. */
function distFile(path: string): string | undefined {
  const file = join(distDir, decodeURIComponent(path.slice('/ibv-kit/'.length)))
  const inside = relative(distDir, file)
  return inside && !inside.startsWith('..') && !isAbsolute(inside) && /\.(js|css)$/.test(file)
    ? file
    : undefined
}

const ibv = toNodeHandler(backend)
const server = createServer((request, response) => {
  ibv(request, response, async () => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    try {
      if (path === '/' || path === '/index.html') {
        // The page learns the service's URL from its meta tag.
        const html = (await readFile(page, 'utf8')).replace(
          'content="http://127.0.0.1:4010"',
          `content="${serviceUrl.replaceAll('"', '&quot;')}"`,
        )
        response
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'referrer-policy': 'no-referrer',
          })
          .end(html)
        return
      }
      const file = path.startsWith('/ibv-kit/') ? distFile(path) : undefined
      if (file) {
        response
          .writeHead(200, {
            'content-type': file.endsWith('.js')
              ? 'text/javascript; charset=utf-8'
              : 'text/css; charset=utf-8',
          })
          .end(await readFile(file))
        return
      }
    } catch {
      // A file that is not there: the 404 below.
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  })
})
server.listen(port, '127.0.0.1', () =>
  console.log(`plain-html example on http://127.0.0.1:${port}/, service ${serviceUrl}`),
)
