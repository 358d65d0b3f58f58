// npm run bench (streams) — idle memory per `/events` stream. One backend in its own Node process
// (bench/streams/server.mjs: the built package in plain `node`, an http server on 127.0.0.1); this
// process opens STREAMS real sockets to it, each `GET /api/ibv/events` with its own session cookie, waits for every 200 and the first
// bytes, and reads the server's RSS (after full garbage collections) before and after. Needs about
// STREAMS + 100 file descriptors in each process: `ulimit -n` must be above that (10,000 streams:
// 10,100 at least; it is checked before anything starts).
import { execSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { record } from './record.js'

const STREAMS = Number(process.env.BENCH_IDLE_STREAMS ?? 10_000)
const BATCH = 250
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`streams benchmark: ${what}`)
}

const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim())
check(
  Number.isNaN(limit) || limit >= STREAMS + 100,
  `ulimit -n is ${limit}; ${STREAMS} streams need ${STREAMS + 100} file descriptors (raise it: ulimit -n ${STREAMS + 1000}, or set BENCH_IDLE_STREAMS lower)`,
)

check(
  existsSync('dist/server/index.js'),
  'dist/server/index.js is missing: run npm run build first',
)

const server = spawn(process.execPath, ['--expose-gc', 'bench/streams/server.mjs'], {
  stdio: ['pipe', 'pipe', 'inherit'],
})
const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]()
interface Reply {
  port: number
  rss: number
  heap: number
  streams: number
}
const next = async () => JSON.parse(String((await lines.next()).value)) as Reply
const { port } = await next()
const rss = async () => {
  server.stdin.write('rss\n')
  return next()
}

/** Opens one stream on a raw socket; resolves once its `200` and `retry:` line arrived. */
const open = (index: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    let head = ''
    socket.setEncoding('utf8')
    socket.once('error', reject)
    socket.on('data', function first(chunk: string) {
      head += chunk
      if (!head.includes('retry:')) return
      socket.off('data', first)
      if (!head.startsWith('HTTP/1.1 200'))
        reject(new Error(`stream ${index}: ${head.split('\r\n')[0]}`))
      else resolve(socket)
    })
    socket.write(
      `GET /api/ibv/events HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: session=bench-${index}\r\n\r\n`,
    )
  })

const before = await rss()
const sockets: Socket[] = []
for (let start = 0; start < STREAMS; start += BATCH) {
  sockets.push(
    ...(await Promise.all(
      Array.from({ length: Math.min(BATCH, STREAMS - start) }, (_, offset) => open(start + offset)),
    )),
  )
}
const after = await rss()
check(after.streams === STREAMS, `${after.streams} streams open on the server, not ${STREAMS}`)
for (const socket of sockets) socket.destroy()
server.stdin.end()
await new Promise((resolve) => server.once('exit', resolve))

const perStream = (after.rss - before.rss) / STREAMS
const figures = {
  streams: STREAMS,
  node: process.version,
  rssBefore: before.rss,
  rssAfter: after.rss,
  rssBytesPerStream: Math.round(perStream),
  heapBytesPerStream: Math.round((after.heap - before.heap) / STREAMS),
  fileDescriptorLimit: limit,
}
record('streams', figures)
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
console.log(
  `ibv-kit streams benchmark (one instance, real sockets on 127.0.0.1, Node ${process.version})`,
)
console.log(
  `${STREAMS} idle /events streams: RSS ${mib(before.rss)} MiB → ${mib(after.rss)} MiB, ~${(perStream / 1024).toFixed(1)} KiB per stream (${((after.heap - before.heap) / STREAMS / 1024).toFixed(1)} KiB of it JS heap).`,
)
