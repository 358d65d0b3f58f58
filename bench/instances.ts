// npm run bench (instances) — backend instances as separate Node processes on one Redis.
// 1. webhooks per second handled and relayed to every open /events stream, 1 vs 3 instances;
// 2. 1,000 streams open on each of 3 instances, 20 webhooks: events delivered, RSS per stream;
// 3. upstream embedded report token mints for 50 viewers of one report, without / with the Redis
//    token cache, 50 at once and 50 one after another. Counts must be exact (a wrong one throws);
//    rates vary with the machine (shared, noisy): compare the ratio 3 / 1, not the rates.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { startRedis } from '../test/redis/redis-server.js'
import {
  startCluster,
  type Instance,
  type InstanceEnvironment,
} from '../test/multi-instance/cluster.js'
import {
  delivery,
  openStream,
  postWebhook,
  until,
  type OpenStream,
} from '../test/multi-instance/service.js'
import { record } from './record.js'
import { countingSandbox, type CountingSandbox } from './instances/counting-sandbox.js'

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000)
const STREAMS_PER_INSTANCE = Number(process.env.BENCH_STREAMS ?? 1000)
const VIEWERS = 50
const RUN = `bench-${process.pid}-${Date.now()}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`instances benchmark: ${what}`)
}

const redis = await startRedis()
const running: Instance[] = []
const streams: OpenStream[] = []
let prefixes = 0
const cluster = async (count: number, extra: Partial<InstanceEnvironment> = {}) => {
  const instances = await startCluster(count, {
    REDIS_URL: redis.url,
    KEY_PREFIX: `${RUN}-${++prefixes}`,
    ...extra,
  })
  running.push(...instances)
  return instances
}
/** SIGTERM (a clean stop), SIGKILL if it has not exited within 5 s. */
const stop = (instance: Instance) =>
  Promise.race([instance.kill('SIGTERM'), sleep(5_000).then(() => instance.kill('SIGKILL'))])
const stopAll = async () => {
  for (const stream of streams.splice(0)) stream.close()
  await Promise.all(running.splice(0).map(stop))
}
const open = async (instances: Instance[], perInstance: number) => {
  const opened = instances.flatMap((instance) =>
    Array.from({ length: perInstance }, () => openStream(instance.url)),
  )
  streams.push(...opened)
  await Promise.race([
    Promise.all(opened.map((stream) => stream.opened)),
    sleep(60_000).then(() => Promise.reject(new Error('streams did not open within 60 s'))),
  ])
  return opened
}
/** Posts every id, `concurrency` at a time, round-robin over `instances`; a non-2xx answer is retried (counted). */
const postAll = async (instances: Instance[], ids: string[], concurrency: number) => {
  let next = 0
  let retries = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const index = next++
        for (let attempt = 0; ; attempt++) {
          const { status } = await postWebhook(
            instances[(index + attempt) % instances.length]!.url,
            delivery(ids[index]!),
          )
          if (status >= 200 && status < 300) break
          check(
            attempt < 50,
            `webhook ${ids[index]} not accepted after 50 attempts (last ${status})`,
          )
          retries++
          await sleep(20)
        }
      }
    }),
  )
  return retries
}
const handled = (instances: Instance[]) =>
  instances.reduce((sum, instance) => sum + instance.handled.length, 0)
const errors = (instances: Instance[]) =>
  instances.reduce((sum, instance) => sum + instance.errors.length, 0)

/** 1. Webhooks per second, from the first post until all are acknowledged and every stream has them all. */
async function throughput(count: number) {
  const instances = await cluster(count)
  const opened = await open(instances, 2)
  const ids = Array.from({ length: WEBHOOKS }, (_, index) => `IBV-${RUN}-${count}-${index}`)
  const started = performance.now()
  const retries = await postAll(instances, ids, 32)
  const acknowledged = performance.now()
  await until(
    () => opened.every((stream) => stream.received.length >= WEBHOOKS),
    () => `received ${opened.map((stream) => stream.received.length)}`,
    120_000,
  )
  const relayed = performance.now()
  await until(
    () => handled(instances) >= WEBHOOKS,
    () => `handled ${handled(instances)}`,
    10_000,
  )
  await sleep(300) // anything extra (a duplicate) would show up by now
  const handledIds = instances.flatMap((instance) => instance.handled)
  const received = opened.map((stream) => stream.received.length)
  const figures = {
    instances: count,
    webhooks: WEBHOOKS,
    streams: opened.length,
    perSecond: WEBHOOKS / ((relayed - started) / 1000),
    acknowledgedSeconds: (acknowledged - started) / 1000,
    seconds: (relayed - started) / 1000,
    handledTotal: handledIds.length,
    handledDistinct: new Set(handledIds).size,
    handledPerInstance: instances.map((instance) => instance.handled.length),
    receivedMin: Math.min(...received),
    receivedMax: Math.max(...received),
    retries,
    errors: errors(instances),
  }
  await stopAll()
  check(
    figures.handledTotal === WEBHOOKS && figures.handledDistinct === WEBHOOKS,
    `${count} instance(s): handled ${figures.handledTotal} (${figures.handledDistinct} distinct), not ${WEBHOOKS}`,
  )
  check(
    figures.receivedMin === WEBHOOKS && figures.receivedMax === WEBHOOKS,
    `${count} instance(s): streams received ${figures.receivedMin}..${figures.receivedMax}, not ${WEBHOOKS}`,
  )
  return figures
}

/** Resident set size (kB) of the process listening on `port` (found with `ss`), or undefined. */
const rssKb = (port: number) => {
  try {
    const pid = /pid=(\d+)/.exec(
      execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }),
    )?.[1]
    const kb = pid
      ? /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      : undefined
    return kb === undefined ? undefined : Number(kb)
  } catch {
    return undefined
  }
}

/** 2. 1,000 streams on each of 3 instances, then 20 webhooks. */
async function manyStreams() {
  const instances = await cluster(3)
  await sleep(500)
  const before = instances.map((instance) => rssKb(instance.port))
  const openStarted = performance.now()
  const opened = await open(instances, STREAMS_PER_INSTANCE)
  const openSeconds = (performance.now() - openStarted) / 1000
  await sleep(1_000)
  const after = instances.map((instance) => rssKb(instance.port))
  const expected = 20 * opened.length
  const total = () => opened.reduce((sum, stream) => sum + stream.received.length, 0)
  const started = performance.now()
  const retries = await postAll(
    instances,
    Array.from({ length: 20 }, (_, index) => `IBV-${RUN}-streams-${index}`),
    20,
  )
  await until(
    () => total() >= expected,
    () => `delivered ${total()} of ${expected}`,
    120_000,
  )
  const deliveredSeconds = (performance.now() - started) / 1000
  await sleep(300)
  const growth = instances.map((_, index) =>
    before[index] === undefined || after[index] === undefined
      ? undefined
      : ((after[index]! - before[index]!) * 1024) / STREAMS_PER_INSTANCE,
  )
  const known = growth.filter((bytes): bytes is number => bytes !== undefined)
  const figures = {
    instances: 3,
    streamsOpened: opened.length,
    webhooks: 20,
    delivered: total(),
    expected,
    receivedMin: Math.min(...opened.map((stream) => stream.received.length)),
    openSeconds,
    deliveredSeconds,
    rssBytesPerStream: known.length === 3 ? known.reduce((sum, bytes) => sum + bytes, 0) / 3 : null,
    rssBytesPerStreamPerInstance: growth.map((bytes) =>
      bytes === undefined ? null : Math.round(bytes),
    ),
    handledTotal: handled(instances),
    retries,
    errors: errors(instances),
  }
  await stopAll()
  check(
    figures.streamsOpened === 3 * STREAMS_PER_INSTANCE,
    `opened ${figures.streamsOpened} streams`,
  )
  check(
    figures.delivered === expected && figures.receivedMin === 20,
    `delivered ${figures.delivered} of ${expected} (a stream got ${figures.receivedMin})`,
  )
  check(figures.handledTotal === 20, `handled ${figures.handledTotal} of 20`)
  return figures
}

async function mints(service: CountingSandbox, cache: boolean) {
  const instances = await cluster(3, {
    SERVICE_URL: service.url,
    SERVICE_KEY: service.apiKey,
    ...(cache ? { TOKEN_CACHE: 'redis' as const } : {}),
  })
  const view = async (viewer: number, productRequestId: string) => {
    const response = await fetch(`${instances[viewer % 3]!.url}/api/ibv/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'embedded_report_token', product_request_id: productRequestId }),
    })
    const body = (await response.json()) as { access_token?: string }
    check(
      response.status === 200 && typeof body.access_token === 'string',
      `viewer ${viewer}: ${response.status} ${JSON.stringify(body)}`,
    )
    return body.access_token!
  }
  const pattern = async (concurrent: boolean) => {
    const id = await service.completed()
    service.counter.mints = 0
    const tokens: string[] = []
    if (concurrent)
      tokens.push(
        ...(await Promise.all(Array.from({ length: VIEWERS }, (_, viewer) => view(viewer, id)))),
      )
    else for (let viewer = 0; viewer < VIEWERS; viewer++) tokens.push(await view(viewer, id))
    return { mints: service.counter.mints, distinctTokens: new Set(tokens).size }
  }
  const figures = {
    concurrent: await pattern(true),
    sequential: await pattern(false),
    errors: errors(instances),
  }
  await stopAll()
  return figures
}

let service: CountingSandbox | undefined
try {
  const one = await throughput(1)
  const three = await throughput(3)
  const many = await manyStreams()
  service = await countingSandbox()
  const withoutCache = await mints(service, false)
  const withCache = await mints(service, true)
  check(
    withoutCache.concurrent.mints === VIEWERS && withoutCache.sequential.mints === VIEWERS,
    `without cache: ${withoutCache.concurrent.mints} / ${withoutCache.sequential.mints} mints, not ${VIEWERS}`,
  )
  check(
    withCache.sequential.mints === 1 &&
      withCache.concurrent.mints >= 1 &&
      withCache.concurrent.mints <= 3,
    `with cache: ${withCache.concurrent.mints} concurrent / ${withCache.sequential.mints} sequential mints`,
  )
  const cores = availableParallelism()
  record('instances', {
    cores,
    node: process.version,
    throughput: { one, three, ratio: three.perSecond / one.perSecond },
    manyStreams: many,
    mints: { viewers: VIEWERS, withoutCache, withCache },
  })

  const fmt = (value: number) => Math.round(value).toLocaleString('en-US')
  console.log(
    `ibv-kit instances benchmark (separate Node processes, one Redis; ${cores} cores, Node ${process.version})`,
  )
  console.table({
    '1 instance': {
      'webhooks/s': fmt(one.perSecond),
      handled: one.handledTotal,
      streams: one.streams,
      'min received': one.receivedMin,
      retries: one.retries,
      errors: one.errors,
    },
    '3 instances': {
      'webhooks/s': fmt(three.perSecond),
      handled: three.handledTotal,
      streams: three.streams,
      'min received': three.receivedMin,
      retries: three.retries,
      errors: three.errors,
    },
  })
  console.log(
    `${WEBHOOKS} webhooks, 32 at a time, round-robin; 2 streams per instance. Ratio 3 / 1: ${(three.perSecond / one.perSecond).toFixed(2)} (handled per instance ${three.handledPerInstance.join(' / ')}).`,
  )
  const rss =
    many.rssBytesPerStream === null
      ? 'RSS not measured'
      : `RSS growth ~${fmt(many.rssBytesPerStream / 1024)} KiB per stream (per instance ${many.rssBytesPerStreamPerInstance.map((bytes) => fmt((bytes ?? 0) / 1024)).join(' / ')})`
  console.log(
    `${fmt(many.streamsOpened)} streams (${STREAMS_PER_INSTANCE} per instance × 3) opened in ${many.openSeconds.toFixed(2)} s; 20 webhooks → ${fmt(many.delivered)} of ${fmt(many.expected)} events delivered in ${many.deliveredSeconds.toFixed(2)} s; ${rss}.`,
  )
  console.table({
    'without cache': {
      '50 at once': withoutCache.concurrent.mints,
      '50 one after another': withoutCache.sequential.mints,
    },
    'TOKEN_CACHE=redis': {
      '50 at once': withCache.concurrent.mints,
      '50 one after another': withCache.sequential.mints,
    },
  })
} finally {
  await stopAll()
  await service?.close()
  await redis.stop()
}
