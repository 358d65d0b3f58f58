// npm run bench:streams (resumes) — what stalled readers cost together. One backend in its own
// Node process (bench/streams/server.mjs, the built package in plain `node`) with the default
// relay, whose history is filled with 60 KiB events (8 MiB by default: ~136 of them); this
// process then opens RESUMES real sockets that each resume from the start of that history
// (`Last-Event-ID: 1`), read their answer's first bytes and never read again. The server samples
// its RSS every 20 ms: the figure is the highest RSS over WINDOW_MS from the first stream opening,
// against the RSS before (after full garbage collections). Run twice: with the default relay (its
// history hands every reader the same event objects) and with RELAY_COPIES=1 (each reader gets its
// own copies, as from Redis). The cap is `maxStreamBufferBytesTotal` (32 MiB by default;
// MAX_STREAM_BUFFER_BYTES_TOTAL sets another, a huge one acts as none).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { record } from './record.js'

const RESUMES = Number(process.env.BENCH_RESUME_STREAMS ?? 1_000)
const EVENT_BYTES = 60 * 1024
const HISTORY_EVENTS = 136 // 8 MiB of 60 KiB events: the default relay's whole history
const WINDOW_MS = Number(process.env.BENCH_RESUME_WINDOW_MS ?? 10_000)
const BATCH = 100
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`stream resumes benchmark: ${what}`)
}
check(
  existsSync('dist/server/index.js'),
  'dist/server/index.js is missing: run npm run build first',
)

async function run(copies: boolean) {
  const server = spawn(process.execPath, ['--expose-gc', 'bench/streams/server.mjs'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, RELAY_COPIES: copies ? '1' : '0' },
  })
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]()
  const next = async <T>() => JSON.parse(String((await lines.next()).value)) as T
  const ask = async <T>(command: string) => {
    server.stdin.write(`${command}\n`)
    return next<T>()
  }
  const { port } = await next<{ port: number }>()
  await ask(`fill ${HISTORY_EVENTS} ${EVENT_BYTES}`)
  const before = await ask<{ rss: number }>('rss')
  await ask('peak') // starts the peak from here

  /** Opens one resuming stream on a raw socket; resolves once its first bytes arrived, then never reads. */
  const open = (index: number) =>
    new Promise<{ socket: Socket; status: string }>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port })
      socket.once('error', reject)
      socket.once('data', (chunk: Buffer) => {
        socket.pause()
        resolve({ socket, status: chunk.toString('latin1').split('\r\n')[0] ?? '' })
      })
      socket.write(
        `GET /api/ibv/events HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: session=resume-${index}\r\nlast-event-id: 1\r\n\r\n`,
      )
    })

  const started = Date.now()
  const opened: Array<{ socket: Socket; status: string }> = []
  for (let start = 0; start < RESUMES; start += BATCH) {
    opened.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(BATCH, RESUMES - start) }, (_, offset) =>
          open(start + offset),
        ),
      )),
    )
  }
  check(
    opened.every((each) => each.status === 'HTTP/1.1 200 OK'),
    `not every stream opened: ${opened.find((each) => each.status !== 'HTTP/1.1 200 OK')?.status}`,
  )
  const openedMs = Date.now() - started
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, WINDOW_MS - openedMs)))
  const { peak, streams } = await ask<{ peak: number; streams: number }>('peak')
  for (const { socket } of opened) socket.destroy()
  server.stdin.end()
  await new Promise((resolve) => server.once('exit', resolve))

  return {
    rssBefore: before.rss,
    rssPeak: peak,
    rssAddedMiB: Number(((peak - before.rss) / 1048576).toFixed(1)),
    openAfterWindow: streams,
  }
}

const mib = (bytes: number) => bytes / 1024 / 1024
const budget = process.env.MAX_STREAM_BUFFER_BYTES_TOTAL
  ? Number(process.env.MAX_STREAM_BUFFER_BYTES_TOTAL)
  : 32 * 1024 * 1024
const shared = await run(false)
const copies = await run(true)
record('stream-resumes', {
  resumes: RESUMES,
  eventBytes: EVENT_BYTES,
  historyEvents: HISTORY_EVENTS,
  windowMs: WINDOW_MS,
  budgetBytes: budget,
  node: process.version,
  shared,
  copies,
})
console.log(
  `ibv-kit stream resumes benchmark (one instance, real sockets on 127.0.0.1, Node ${process.version})`,
)
for (const [label, figures] of [
  ['default relay', shared],
  ['relay handing out copies (as Redis)', copies],
] as const) {
  console.log(
    `${label}: ${RESUMES} streams resuming ${HISTORY_EVENTS} events of 60 KiB, never reading (maxStreamBufferBytesTotal ${mib(budget).toFixed(0)} MiB): RSS ${mib(
      figures.rssBefore,
    ).toFixed(
      1,
    )} MiB → peak ${mib(figures.rssPeak).toFixed(1)} MiB (+${figures.rssAddedMiB} MiB) within ${(WINDOW_MS / 1000).toFixed(0)} s; ${figures.openAfterWindow} still open then.`,
  )
}
