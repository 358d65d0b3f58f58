// Runs one ```ts serve="…" block and sends it its requests, in order, to one running instance
// (run by serve-blocks.mjs with Node and tsx: `node --import tsx serve-driver.mjs <block file>
// <requests JSON>`, env PORT; the JSON is `[{ method, path, headers }]`): to the block's exported
// METHOD function (a Next.js route handler), else to its default export's `fetch` (Hono, a Web
// handler), else to http://127.0.0.1:$PORT (a program that listens). A POST to a path ending in
// /tokens sends {"type":"consumer","consumer_id":"LND-42"}, other requests with a body send {}.
// Prints `@@answer {"how","status","body"}` for each request.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** @type {[string?, string?]} */
const [file = '', requests = '[]'] = /** @type {any} */ (process.argv.slice(2))
/** @type {{ method: string, path: string, headers: Record<string, string> }[]} */
const wanted = JSON.parse(requests)
const block = await import(pathToFileURL(resolve(file)).href)

for (const { method, path, headers } of wanted) {
  const url = `http://127.0.0.1:${Number(process.env.PORT)}${path}`
  const body = ['GET', 'HEAD'].includes(method)
    ? undefined
    : JSON.stringify(path.endsWith('/tokens') ? { type: 'consumer', consumer_id: 'LND-42' } : {})
  /** @type {() => RequestInit} */
  const init = () => ({
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body,
  })
  /** @type {Response | undefined} */
  let response
  let how
  if (typeof block[method] === 'function') {
    how = `its exported ${method} function`
    response = await block[method](new Request(url, init()), { params: Promise.resolve({}) })
  } else if (block.default && typeof block.default.fetch === 'function') {
    how = "its default export's fetch"
    response = await block.default.fetch(new Request(url, init()))
  } else {
    how = `http://127.0.0.1:${Number(process.env.PORT)} (the port it listens on, from PORT)`
    for (let tries = 0; ; tries++) {
      try {
        response = await fetch(url, init())
        break
      } catch (error) {
        if (tries > 150)
          throw new Error(
            `nothing answered on ${url} after 15 s: does the block listen on process.env.PORT? (${error instanceof Error ? error.message : error})`,
            { cause: error },
          )
        await new Promise((done) => setTimeout(done, 100))
      }
    }
  }
  if (!response) throw new Error(`${method} ${path}: no answer`)
  const text = await response.text()
  console.log(
    `@@answer ${JSON.stringify({ how, status: response.status, body: text.slice(0, 2000) })}`,
  )
}
process.exit(0)
