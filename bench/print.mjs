// Prints the one Performance table from what `npm run bench` measured (reports/bench/*.json)
// and the bundle sizes of dist/, each figure with how it was measured.
import { readFileSync } from 'node:fs'
import { measureAll } from '../scripts/bundle-size.mjs'

/** @param {string} name */
const read = (name) => JSON.parse(readFileSync(`reports/bench/${name}.json`, 'utf8'))
const jsdom = read('jsdom')
const chromium = read('chromium')
const sandbox = read('sandbox')
const instances = read('instances')
const prefetch = read('prefetch')
const reportReads = read('report-reads')
const streams = read('streams')
const resumes = read('stream-resumes')
/** @param {number} value */
const n = (value) => Math.round(value).toLocaleString('en-US')
/** @type {Array<Record<string, string>>} */
const rows = []
/** @type {(figure: string, value: unknown, how: string) => void} */
const add = (figure, value, how) => {
  rows.push({ figure, value: String(value), 'how it was measured': how })
}

for (const size of await measureAll()) {
  const budget =
    size.budget === undefined
      ? ''
      : size.gzipped <= size.budget
        ? ` (budget ${n(size.budget)} B: met)`
        : ` (budget ${n(size.budget)} B: not met${size.ceiling === undefined ? '' : `; held at ${n(size.ceiling)} B`})`
  add(
    `size: ${size.name}`,
    `${n(size.gzipped)} B${budget}`,
    'dist/ bundled by rolldown from one import, react/react-dom/react-query external, minified without comments, gzip -9',
  )
}
for (const count of [1, 5, 50]) {
  const fetches = jsdom[`tokenFetches.${count}`]
  add(
    `token fetches, ${count} <EmbeddedReport> (StrictMode)`,
    `${fetches.firstLifetime} per lifetime (${fetches.afterOneRenewal} after one renewal)`,
    'jsdom, fake time, the real chain: fetchers → backend → client → sandbox',
  )
  add(
    `iframe loads per token, ${count} instance(s)`,
    jsdom[`iframeLoadsPerToken.${count}`],
    'iframes inserted per token per instance (MutationObserver)',
  )
}
add(
  'React renders of <EmbeddedReport>, mount → ready',
  jsdom.renders.mountToReady,
  'React Profiler commits, jsdom',
)
add(
  'React renders of <EmbeddedReport>, per renewal',
  jsdom.renders.perRenewal,
  'React Profiler commits from renewal to swap',
)
add(
  '<ReportView> 20 × 500: render time / plain table',
  chromium.reportView.renderToTableRatio.toFixed(2),
  `real Chromium, median of 7, same run; rows rendered ${n(chromium.reportView.rowsRenderedByReportView)} vs ${n(chromium.reportView.rowsInPlainTable)}`,
)
add(
  '<ReportView> 20 × 500: expand one section / plain table',
  chromium.reportView.expandToTableRatio.toFixed(2),
  'real Chromium, median of 7, same run',
)
/** @type {(label: string, pair: { inProcess: number, http: number }) => void} */
const rate = (label, pair) =>
  add(
    label,
    `${n(pair.inProcess)} in process, ${n(pair.http)} over HTTP (ratio ${(pair.http / pair.inProcess).toFixed(2)})`,
    `${n(sandbox.requests)} requests, ${sandbox.concurrency} at a time, 127.0.0.1, Node ${process.version}`,
  )
rate('sandbox: token issuance (req/s)', sandbox.sandboxTokens)
rate('sandbox: report retrieval (req/s)', sandbox.sandboxReports)
rate('backend: POST /tokens (req/s)', sandbox.backendTokens)
const flows = sandbox.connectFlows
add(
  '1,000 concurrent connect flows',
  `${flows.complete} complete, ${flows.webhooks} webhooks delivered, ${flows.lost} lost`,
  'in-process sandbox, webhooks over HTTP to a receiver on 127.0.0.1',
)
const { one, three, ratio } = instances.throughput
add(
  'webhooks handled and relayed (/s), 1 vs 3 instances',
  `${n(one.perSecond)} with 1, ${n(three.perSecond)} with 3 (ratio 3/1 ${ratio.toFixed(2)}; ${instances.cores} cores)`,
  `${n(one.webhooks)} distinct webhooks, 32 at a time round-robin, separate Node processes on one Redis, 2 /events streams per instance; from the first POST until all acknowledged and every stream has all`,
)
add(
  'webhooks handled / least any stream received (1, 3 instances)',
  `${one.handledTotal} / ${one.receivedMin}, ${three.handledTotal} / ${three.receivedMin} (of ${n(one.webhooks)})`,
  'onWebhook calls summed over instances (each id once); /events messages per stream',
)
const many = instances.manyStreams
const perStream =
  many.rssBytesPerStream === null
    ? 'RSS not measured'
    : `~${n(many.rssBytesPerStream / 1024)} KiB RSS per stream`
add(
  `/events streams open on 3 instances, 20 webhooks`,
  `${n(many.streamsOpened)} open, ${n(many.delivered)} of ${n(many.expected)} events delivered in ${many.deliveredSeconds.toFixed(1)} s; ${perStream}`,
  `${n(many.streamsOpened / 3)} Node fetch subscribers per instance; RSS of each instance process (/proc) before and after opening, divided by streams`,
)
add(
  `idle /events streams on one instance`,
  `${n(streams.streams)} streams: RSS ${n(streams.rssBefore / 1048576)} → ${n(streams.rssAfter / 1048576)} MiB, ~${(streams.rssBytesPerStream / 1024).toFixed(1)} KiB per stream (${(streams.heapBytesPerStream / 1024).toFixed(1)} KiB JS heap)`,
  `bench/streams.ts: one backend process (dist/ in plain node, node:http, toNodeHandler, in-memory relay), raw sockets from another process on 127.0.0.1, one session cookie each; RSS after full GCs, before and after opening; ulimit -n ${streams.fileDescriptorLimit}`,
)
{
  /** @type {(figures: { rssBefore: number, rssPeak: number, rssAddedMiB: number, openAfterWindow: number }) => string} */
  const peak = (figures) =>
    `RSS ${n(figures.rssBefore / 1048576)} → peak ${n(figures.rssPeak / 1048576)} MiB (+${figures.rssAddedMiB} MiB, ${n(figures.openAfterWindow)} left open)`
  add(
    `${n(resumes.resumes)} /events streams resuming a history of 60 KiB events, never reading`,
    `default relay: ${peak(resumes.shared)}; relay handing out copies: ${peak(resumes.copies)}`,
    `bench/stream-resumes.ts: one backend process (dist/ in plain node, toNodeHandler), ${resumes.historyEvents} events in history, raw sockets sending Last-Event-ID: 1 then never reading; RSS sampled every 20 ms for ${resumes.windowMs / 1000} s; maxStreamBufferBytesTotal ${n(resumes.budgetBytes / 1048576)} MiB`,
  )
}
const mints = instances.mints
add(
  `upstream token mints, ${mints.viewers} viewers of one report (at once / one after another)`,
  `${mints.withoutCache.concurrent.mints} / ${mints.withoutCache.sequential.mints} without cache, ${mints.withCache.concurrent.mints} / ${mints.withCache.sequential.mints} with TOKEN_CACHE=redis`,
  '3 instances round-robin, POST /api/ibv/tokens embedded_report_token for one complete product request; sandbox over HTTP counting its mints; concurrent misses single-flight per instance only (at most 3)',
)
{
  const [fast, slow] = [prefetch.latencies[50], prefetch.latencies[300]]
  /** @type {(pair: { clientOnly: { iframeLoadMs: number }, prefetched: { iframeLoadMs: number } }) => string} */
  const times = (pair) =>
    `${n(pair.clientOnly.iframeLoadMs)} → ${n(pair.prefetched.iframeLoadMs)} ms`
  const how = `bench/prefetch.ts: real Chromium, a page server-rendered from dist/ with react-dom/server and hydrated by a ${n(prefetch.clientBundleBytes / 1024)} KiB minified bundle (react-dom in), backend and sandbox on the same origin; median of ${prefetch.runs}, fresh context each, modes interleaved; load average ${prefetch.loadAverage.before.toFixed(1)} → ${prefetch.loadAverage.after.toFixed(1)} on ${prefetch.cores} cores`
  add(
    'report iframe loaded, prefetched ÷ client-only (backend → service 50 / 300 ms)',
    `${fast.ratio.toFixed(2)} / ${slow.ratio.toFixed(2)} (${times(fast)}; ${times(slow)})`,
    `${how}; navigation start → the iframe's load`,
  )
  /** @type {(mode: { requests: number, backendRequests: number, upstreamCalls: number }) => string} */
  const count = (mode) =>
    `${mode.requests} (${mode.backendRequests} to the backend; ${mode.upstreamCalls} backend → service)`
  add(
    'requests before the report iframe loads: client-only / prefetched / limit',
    `${count(fast.clientOnly)} / ${count(fast.prefetched)} / ${count(fast.limit)}`,
    'resource timing of the page and of the iframe, plus the navigation; backend → service calls counted by the delaying fetch',
  )
  add(
    'after the HTML arrives until the iframe loads ÷ the physical limit (50 / 300 ms)',
    `client-only ${fast.afterHtmlToLimit.clientOnly.toFixed(2)} / ${slow.afterHtmlToLimit.clientOnly.toFixed(2)}, prefetched ${fast.afterHtmlToLimit.prefetched.toFixed(2)} / ${slow.afterHtmlToLimit.prefetched.toFixed(2)}`,
    `limit: the prefetched HTML without the client bundle, one iframe load after the HTML (${n(fast.limit.afterHtmlMs)} / ${n(slow.limit.afterHtmlMs)} ms); HTML responseEnd → the iframe's load`,
  )
}
{
  /** @type {(runs: Array<{ viewers: number, reads: number, mints: number, authorize: number }>) => string} */
  const counts = (runs) =>
    runs
      .map(
        (run) =>
          `${run.viewers} → ${run.reads} read${run.reads === 1 ? '' : 's'}, ${run.mints} mint${run.mints === 1 ? '' : 's'}, ${run.authorize} authorize`,
      )
      .join('; ')
  const how = `bench/report-reads.ts: a report_generated webhook, then each viewer reads the report and its embedded token within 0–50 ms; the sandbox in process behind a fetch counting reads and mints, ${reportReads.latencyMs} ms each`
  add(
    'upstream report reads per webhook, 1 / 10 / 100 viewers, 1 instance (no report cache)',
    counts(reportReads.oneInstance),
    `${how}; reads in flight shared, memory token cache`,
  )
  add(
    'upstream report reads per webhook, 1 / 10 / 100 viewers, 3 instances on Redis',
    counts(reportReads.threeInstancesRedis),
    `${how}; createRedisReportCache and createRedisTokenCache on a real Redis, viewers round-robin`,
  )
}
for (const mode of ['polling', 'stream']) {
  const figures = jsdom[`requestsUntilReady.${mode}`]
  add(
    `requests until a report is shown (${mode === 'stream' ? 'live stream' : 'polling only'})`,
    `${figures.reportRequests} report requests, shown after ${figures.secondsUntilShown} s`,
    'jsdom, fake time, report completes at 6 s',
  )
}
console.table(rows)
