// npm run bench (prefetch) — the report in the first paint. A page server-rendered with
// react-dom/server from the built package, client-only (it hydrates, asks the backend for a token,
// the backend asks the service, then the iframe loads) or prefetched (prefetchReport on the server:
// the HTML already holds the iframe), in Chromium, with every backend → service call delayed by
// 50 ms and 300 ms. Per mode and latency, medians of RUNS loads, each in a fresh browser context:
// time from navigation start to the report iframe's load, requests before it, and how close each
// mode comes to the physical limit: one iframe load after the HTML arrives, measured as a third page,
// `limit` (the prefetched HTML without the client bundle). Times vary with the
// machine (shared, noisy): compare the ratios prefetched ÷ client-only; counts must be exact.
import { availableParallelism, loadavg } from 'node:os'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs'
import { record } from './record.js'
import { buildBench } from './prefetch/build.js'
import { loadOnce, type Load } from './prefetch/measure.js'
import type * as ServerModule from './prefetch/server.js'
import type { Mode } from './prefetch/server.js'

const RUNS = Number(process.env.BENCH_PREFETCH_RUNS ?? 7)
const LATENCIES = [50, 300] as const
const MODES: Mode[] = ['client-only', 'prefetched', 'limit']
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`prefetch benchmark: ${what}`)
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The machine's 1-minute load average when the loads began and ended: these machines are shared. */
const load = { before: loadavg()[0]!, after: 0 }
const { clientJs, serverPath } = await buildBench()
const { startBenchServer } = (await import(pathToFileURL(serverPath).href)) as typeof ServerModule
const server = await startBenchServer(clientJs)
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })

type Sample = Load & { upstreamCalls: number }
const samples = new Map<string, Sample[]>()
try {
  const ids = await server.productRequests((RUNS + 1) * LATENCIES.length * MODES.length)
  // One unrecorded load of each first (Chromium's and Node's first page), then the runs interleaved,
  // the order of the modes rotated each run so none is always the one after a switch of latency.
  for (let run = 0; run <= RUNS; run++) {
    for (const latency of LATENCIES) {
      for (const mode of MODES.map((_, index) => MODES[(index + run) % MODES.length]!)) {
        server.upstream.latency = latency
        const before = server.upstream.calls
        const load = await loadOnce(browser, `${server.origin}/page?mode=${mode}&id=${ids.pop()}`)
        if (run === 0) continue
        const key = `${mode} ${latency}`
        samples.set(key, [
          ...(samples.get(key) ?? []),
          { ...load, upstreamCalls: server.upstream.calls - before },
        ])
      }
    }
  }
  load.after = loadavg()[0]!
} finally {
  await browser.close()
  await server.close()
}

/** Medians of one mode at one latency; counts must be the same in every run. */
const summary = (mode: Mode, latency: number) => {
  const runs = samples.get(`${mode} ${latency}`)!
  const same = (pick: (sample: Sample) => number, what: string) => {
    const values = new Set(runs.map(pick))
    check(
      values.size === 1,
      `${mode} at ${latency} ms: ${what} differs between runs (${[...values].join(', ')})`,
    )
    return runs[0] ? pick(runs[0]) : 0
  }
  const figures = {
    runs: runs.length,
    iframeLoadMs: median(runs.map((sample) => sample.iframeLoad)),
    iframeLoadMsRange: [
      Math.min(...runs.map((sample) => sample.iframeLoad)),
      Math.max(...runs.map((sample) => sample.iframeLoad)),
    ],
    htmlEndMs: median(runs.map((sample) => sample.htmlEnd)),
    scriptStartMs: mode === 'limit' ? null : median(runs.map((sample) => sample.scriptStart)),
    /** The browser's token request (client-only): when it was sent, and from its answer to the iframe's request. */
    tokenStartMs: mode === 'client-only' ? median(runs.map((sample) => sample.tokenStart)) : null,
    tokenToIframeMs:
      mode === 'client-only'
        ? median(runs.map((sample) => sample.iframeStart - sample.tokenEnd))
        : null,
    /** From the HTML's arrival to the iframe's request. */
    iframeRequestedMs: median(runs.map((sample) => sample.iframeStart - sample.htmlEnd)),
    /** From the HTML's arrival to the iframe's load: what the page adds after its HTML. */
    afterHtmlMs: median(runs.map((sample) => sample.iframeLoad - sample.htmlEnd)),
    /** The iframe document's own load, from its request to its load event: the physical limit after the HTML. */
    iframeOwnMs: median(runs.map((sample) => sample.iframeLoad - sample.iframeStart)),
    /** afterHtml ÷ iframeOwn per run, median: 1 when nothing but the iframe's own load follows the HTML. */
    afterHtmlToOwn: median(
      runs.map(
        (sample) => (sample.iframeLoad - sample.htmlEnd) / (sample.iframeLoad - sample.iframeStart),
      ),
    ),
    requests: same((sample) => sample.requests, 'requests before the iframe load'),
    backendRequests: same(
      (sample) => sample.backendRequests,
      'backend requests before the iframe load',
    ),
    upstreamCalls: same((sample) => sample.upstreamCalls, 'backend → service calls'),
    hydrationErrors: runs.reduce((sum, sample) => sum + sample.hydrationErrors, 0),
  }
  check(
    figures.hydrationErrors === 0,
    `${mode} at ${latency} ms: ${figures.hydrationErrors} hydration errors`,
  )
  check(
    runs.every((sample) => Number.isFinite(sample.iframeStart)),
    `${mode} at ${latency} ms: no resource timing entry for the iframe`,
  )
  return figures
}
type Summary = ReturnType<typeof summary>
const latencies = Object.fromEntries(
  LATENCIES.map((latency) => {
    const clientOnly = summary('client-only', latency)
    const prefetched = summary('prefetched', latency)
    const limit = summary('limit', latency)
    // The design, exactly: client-only asks the backend once (one mint upstream) before the iframe;
    // the prefetched pages ask it nothing, the server having minted and read the report at once.
    check(
      clientOnly.backendRequests === 1 && clientOnly.upstreamCalls === 1,
      `client-only at ${latency} ms: ${clientOnly.backendRequests} backend requests, ${clientOnly.upstreamCalls} upstream calls`,
    )
    check(
      prefetched.backendRequests === 0 && limit.backendRequests === 0,
      `prefetched at ${latency} ms: ${prefetched.backendRequests} backend requests before the iframe loaded`,
    )
    return [
      latency,
      {
        clientOnly,
        prefetched,
        limit,
        ratio: prefetched.iframeLoadMs / clientOnly.iframeLoadMs,
        savedMs: clientOnly.iframeLoadMs - prefetched.iframeLoadMs,
        /** Each mode's time after the HTML ÷ the limit page's: 1 is the physical limit. */
        afterHtmlToLimit: {
          clientOnly: clientOnly.afterHtmlMs / limit.afterHtmlMs,
          prefetched: prefetched.afterHtmlMs / limit.afterHtmlMs,
        },
      },
    ]
  }),
) as Record<
  (typeof LATENCIES)[number],
  Record<'clientOnly' | 'prefetched' | 'limit', Summary> & {
    ratio: number
    savedMs: number
    afterHtmlToLimit: { clientOnly: number; prefetched: number }
  }
>
const cores = availableParallelism()
record('prefetch', {
  cores,
  node: process.version,
  chromium: browser.version(),
  runs: RUNS,
  loadAverage: load,
  clientBundleBytes: Buffer.byteLength(clientJs),
  latencies,
})

const ms = (value: number) => `${Math.round(value)} ms`
console.log(
  `ibv-kit prefetch benchmark (Chromium ${browser.version()}, median of ${RUNS} loads each, fresh context; client bundle ${Math.round(Buffer.byteLength(clientJs) / 1024)} KiB minified; ${cores} cores, load average ${load.before.toFixed(1)} → ${load.after.toFixed(1)})`,
)
const rows: Record<string, Record<string, string | number>> = {}
for (const latency of LATENCIES) {
  const { clientOnly, prefetched, limit } = latencies[latency]
  for (const [mode, figures] of [
    ['client-only', clientOnly],
    ['prefetched', prefetched],
    ['limit (no JS)', limit],
  ] as const) {
    rows[`${mode}, ${latency} ms`] = {
      'iframe load': ms(figures.iframeLoadMs),
      'HTML end': ms(figures.htmlEndMs),
      'after HTML': ms(figures.afterHtmlMs),
      'iframe asked': ms(figures.iframeRequestedMs),
      'iframe own': ms(figures.iframeOwnMs),
      'after HTML ÷ limit': (figures.afterHtmlMs / limit.afterHtmlMs).toFixed(2),
      requests: figures.requests,
      'to backend': figures.backendRequests,
      'backend → service': figures.upstreamCalls,
    }
  }
}
console.table(rows)
for (const latency of LATENCIES) {
  const { clientOnly, prefetched } = latencies[latency]
  console.log(
    `${latency} ms, client-only: the bundle ran at ${ms(clientOnly.scriptStartMs!)}, asked for a token at ${ms(clientOnly.tokenStartMs!)}, asked for the iframe ${ms(clientOnly.tokenToIframeMs!)} after the answer; prefetched: the iframe was asked at ≈ ${ms(prefetched.htmlEndMs + prefetched.iframeRequestedMs)}, the bundle ran at ${ms(prefetched.scriptStartMs!)}.`,
  )
}
console.log(
  LATENCIES.map(
    (latency) =>
      `${latency} ms: prefetched ÷ client-only ${latencies[latency].ratio.toFixed(2)} (${ms(latencies[latency].savedMs)} sooner)`,
  ).join('; '),
)
