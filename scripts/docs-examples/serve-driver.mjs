// Runs one ```ts serve="…" block and sends it the request (run by serve-blocks.mjs with Node and
// tsx: `node --import tsx serve-driver.mjs <block file> <METHOD> <path>`, env PORT): to the
// block's exported METHOD function (a Next.js route handler), else to its default export's
// `fetch` (Hono, a Web handler), else to http://127.0.0.1:$PORT (a program that listens). A POST to
// a path ending in /tokens sends {"type":"consumer","consumer_id":"LND-42"}, other requests with a
// body send {}. Prints `@@answer {"how","status","body"}`.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const [file = '', method = 'GET', path = '/'] = process.argv.slice(2)
const url = `http://127.0.0.1:${Number(process.env.PORT)}${path}`
const body = ['GET', 'HEAD'].includes(method) ? undefined : JSON.stringify(path.endsWith('/tokens') ? { type: 'consumer', consumer_id: 'LND-42' } : {})
/** @type {() => RequestInit} */
const init = () => ({ method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body })
const block = await import(pathToFileURL(resolve(file)).href)

/** @type {Response} */
let response
let how
if (typeof block[method] === 'function') {
  how = `its exported ${method} function`
  response = await block[method](new Request(url, init()), { params: Promise.resolve({}) })
} else if (block.default && typeof block.default.fetch === 'function') {
  how = "its default export's fetch"
  response = await block.default.fetch(new Request(url, init()))
} else {
  how = `${url} (the port it listens on, from PORT)`
  for (let tries = 0; ; tries++) {
    try {
      response = await fetch(url, init())
      break
    } catch (error) {
      if (tries > 150) throw new Error(`nothing answered on ${url} after 15 s: does the block listen on process.env.PORT? (${error instanceof Error ? error.message : error})`, { cause: error })
      await new Promise((done) => setTimeout(done, 100))
    }
  }
}
const text = await response.text()
console.log(`@@answer ${JSON.stringify({ how, status: response.status, body: text.slice(0, 2000) })}`)
process.exit(0)
