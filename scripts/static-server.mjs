// A plain static file server, as any static host is: files, their content types, nothing else (GET
// and HEAD; no code of ours runs on it). For a built Storybook:
//   node scripts/static-server.mjs storybook-static [--port 6007] [--base /storybook/]
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * Serves `dir` under `base` (a path ending in `/`) on `host`:`port` (0: a free one); `onRequest`
 * hears each request's path.
 * @param {string} dir
 * @param {{ port?: number, host?: string, base?: string, onRequest?: (path: string) => void }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>} `url` is the address of `base`
 */
export async function serveStatic(
  dir,
  { port = 0, host = '127.0.0.1', base = '/', onRequest } = {},
) {
  const root = resolve(dir)
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://static')
    onRequest?.(pathname)
    const file =
      request.method === 'GET' || request.method === 'HEAD'
        ? await fileFor(root, base, pathname)
        : undefined
    if (!file) {
      const refused = request.method !== 'GET' && request.method !== 'HEAD'
      response
        .writeHead(refused ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(refused ? 'Only GET and HEAD: this is a static server.' : 'Not found.')
      return
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file.path)] ?? 'application/octet-stream',
      'content-length': file.size,
    })
    if (request.method === 'HEAD') response.end()
    else createReadStream(file.path).pipe(response)
  })
  await new Promise((listening, failed) =>
    server.once('error', failed).listen(port, host, () => listening(undefined)),
  )
  const address = server.address()
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}${base}`
  return {
    url,
    close: () =>
      new Promise((closed) => {
        server.close(() => closed(undefined))
        server.closeAllConnections()
      }),
  }
}

/**
 * The file `pathname` names under `base` in `root` (a folder's index.html), or undefined when there
 * is none or the path leaves `root`.
 * @param {string} root @param {string} base @param {string} pathname
 * @returns {Promise<{ path: string, size: number } | undefined>}
 */
async function fileFor(root, base, pathname) {
  let name
  try {
    name = decodeURIComponent(pathname.slice(base.length))
  } catch {
    return undefined // not a name any file has
  }
  if (!pathname.startsWith(base)) return undefined
  let path = join(root, name)
  if (path !== root && !path.startsWith(root + sep)) return undefined
  let found = await stat(path).catch(() => undefined)
  if (found?.isDirectory()) {
    path = join(path, 'index.html')
    found = await stat(path).catch(() => undefined)
  }
  return found?.isFile() ? { path, size: found.size } : undefined
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string', default: '6007' }, base: { type: 'string', default: '/' } },
  })
  const base = `/${(values.base ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
  const { url } = await serveStatic(positionals[0] ?? 'storybook-static', {
    port: Number(values.port),
    base,
  })
  console.log(`Serving ${positionals[0] ?? 'storybook-static'} on ${url}`)
}
