// @vitest-environment node
// Three backend instances, each its own Node process on a loopback port, sharing one real Redis
// (ibv-kit/server/redis), as a lender runs them behind a load balancer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { startRedis, type TestRedis } from '../redis/redis-server.js'
import { startBalancer, startCluster, type Balancer, type Instance } from './cluster.js'
import { readSse } from '../server/sse.js'
import {
  deliver,
  delivery,
  openStream,
  postWebhook,
  until,
  type OpenStream,
  type Received,
} from './service.js'

let runs = 0
const running: Instance[] = []
const streams: OpenStream[] = []
const balancers: Balancer[] = []

async function cluster(redis: TestRedis, count = 3, extra: { LEASE_MS?: string } = {}) {
  const instances = await startCluster(count, {
    REDIS_URL: redis.url,
    KEY_PREFIX: `run${++runs}`,
    ...extra,
  })
  running.push(...instances)
  return instances
}

/** `count` streams open on every instance. */
async function streamsOn(instances: Instance[], count: number) {
  const opened = instances.flatMap((instance) =>
    Array.from({ length: count }, () => openStream(instance.url)),
  )
  streams.push(...opened)
  await Promise.all(opened.map((stream) => stream.opened))
  return opened
}

/** How many times each id was handled, over every instance. */
function handledCounts(instances: Instance[]) {
  const counts = new Map<string, number>()
  for (const id of instances.flatMap((instance) => instance.handled))
    counts.set(id, (counts.get(id) ?? 0) + 1)
  return counts
}

/** Every stream got exactly `ids` once each, with strictly growing event ids, all in the same order. */
function expectEveryStreamGotEachOnceInOrder(opened: OpenStream[], ids: string[]) {
  const first = opened[0]!.received.map((got) => got.productRequestId)
  for (const stream of opened) {
    const got: Received[] = stream.received
    expect(got.map((message) => message.productRequestId)).toEqual(first)
    expect([...got.map((message) => message.productRequestId)].sort()).toEqual([...ids].sort())
    for (let index = 1; index < got.length; index++)
      expect(got[index]!.id).toBeGreaterThan(got[index - 1]!.id)
  }
}

const ids = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(3, '0')}`)

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  await Promise.all(balancers.splice(0).map((balancer) => balancer.close()))
  await Promise.all(running.splice(0).map((instance) => instance.kill('SIGKILL')))
})

describe('three backend processes on one Redis', () => {
  let redis: TestRedis
  let browser: Browser | undefined

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await browser?.close()
    await redis.stop()
  })

  it('one webhook posted 30 times at once across the three: onWebhook runs once, every stream on every instance gets it once', async () => {
    const instances = await cluster(redis)
    const opened = await streamsOn(instances, 2)
    const body = delivery('IBV-ONCE')
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => postWebhook(instances[index % 3]!.url, body)),
    )
    const statuses = answers.map((answer) => answer.status)
    // The one that handled it, the copies told to come back while it ran, the duplicates after.
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    expect(
      answers.filter(
        (answer) => answer.status === 200 && !(answer.json as { duplicate?: boolean }).duplicate,
      ),
    ).toHaveLength(1)
    // The service retries the 503s: each is now a duplicate.
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 503)
        expect((await postWebhook(instances[(index + 1) % 3]!.url, body)).json).toEqual({
          received: true,
          duplicate: true,
        })
    }
    await until(
      () => opened.every((stream) => stream.received.length >= 1),
      () => `received ${opened.map((stream) => stream.received.length)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect([...handledCounts(instances)]).toEqual([['IBV-ONCE', 1]])
    for (const stream of opened)
      expect(stream.received.map((got) => got.productRequestId)).toEqual(['IBV-ONCE'])
  }, 120_000)

  it('200 distinct webhooks spread over the three: every stream gets all 200, each once, in one order', async () => {
    const instances = await cluster(redis)
    const opened = await streamsOn(instances, 2)
    const sent = ids(200, 'IBV-SPREAD')
    let next = 0
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < sent.length) {
          const index = next++
          expect(
            (await postWebhook(instances[index % 3]!.url, delivery(sent[index]!))).status,
          ).toBe(200)
        }
      }),
    )
    await until(
      () => opened.every((stream) => stream.received.length >= 200),
      () => `received ${opened.map((stream) => stream.received.length)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expectEveryStreamGotEachOnceInOrder(opened, sent)
    expect([...handledCounts(instances).values()].every((count) => count === 1)).toBe(true)
    expect(handledCounts(instances).size).toBe(200)
    // Each instance handled its share: the work was spread, not funnelled through one.
    for (const instance of instances) expect(instance.handled.length).toBeGreaterThan(50)
  }, 120_000)

  it('the instance a browser streams from is killed (SIGKILL): Chromium resumes on another with Last-Event-ID and misses nothing', async () => {
    const instances = await cluster(redis)
    const page = `<!doctype html><title>events</title><script>
      window.got = []; window.opens = 0
      const source = new EventSource('/api/ibv/events')
      source.onopen = () => window.opens++
      source.addEventListener('report_generated', (message) => window.got.push({ id: Number(message.lastEventId), productRequestId: JSON.parse(message.data).productRequestId }))
    </script>`
    const balancer = await startBalancer(instances, page)
    balancers.push(balancer)
    browser ??= await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
    const tab = await browser.newPage()
    await tab.goto(balancer.url)
    await tab.waitForFunction(() => (window as unknown as { opens: number }).opens === 1)
    const victim = balancer.streams[0]!
    const sent = ids(15, 'IBV-KILL')
    const received = () => tab.evaluate(() => (window as unknown as { got: Received[] }).got)

    for (const id of sent.slice(0, 5)) await deliver(() => balancer.url, delivery(id))
    await tab.waitForFunction(() => (window as unknown as { got: unknown[] }).got.length === 5)
    await victim.kill('SIGKILL')
    // While the browser waits to reconnect (retry: 3000), these land on the two left.
    for (const id of sent.slice(5, 10)) await deliver(() => balancer.url, delivery(id))
    await tab.waitForFunction(
      () => (window as unknown as { opens: number }).opens === 2,
      undefined,
      { timeout: 15_000 },
    )
    expect(balancer.streams[1]).not.toBe(victim)
    for (const id of sent.slice(10)) await deliver(() => balancer.url, delivery(id))
    await tab.waitForFunction(() => (window as unknown as { got: unknown[] }).got.length >= 15)
    await new Promise((resolve) => setTimeout(resolve, 300))

    const got = await received()
    expect(got.map((message) => message.productRequestId)).toEqual(sent)
    for (let index = 1; index < got.length; index++)
      expect(got[index]!.id).toBeGreaterThan(got[index - 1]!.id)
    expect([...handledCounts(instances).values()].every((count) => count === 1)).toBe(true)
    expect(handledCounts(instances).size).toBe(15)
    await tab.close()
  }, 120_000)
})

// A Redis without persistence that dies loses the events it took in its last moments, before
// every instance's reader had them: only a Redis that keeps its data (AOF) can promise that no
// event is lost across a restart mid-run, so that is what docs/guides/redis.md asks for and this tests.
describe('Redis restarted mid-run, with its data (append-only file, as in production)', () => {
  let redis: TestRedis

  beforeAll(async () => {
    redis = await startRedis({ persist: true })
  })
  afterAll(async () => {
    await redis.stop()
  })

  it("200 webhooks delivered with the service's retries while Redis restarts: nothing lost, nothing handled twice, streams stay open and catch up", async () => {
    // A claim whose answer was lost with the connection blocks its key for a lease: short here.
    const instances = await cluster(redis, 3, { LEASE_MS: '3000' })
    const opened = await streamsOn(instances, 2)
    const sent = ids(200, 'IBV-RESTART')
    let next = 0
    let acknowledged = 0
    let restarted: Promise<void> | undefined
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        while (next < sent.length) {
          const index = next++
          await deliver(() => instances[(index + worker) % 3]!.url, delivery(sent[index]!))
          if (++acknowledged === 60) restarted = redis.restart()
        }
      }),
    )
    await restarted
    await until(
      () => opened.every((stream) => stream.received.length >= 200),
      () => `received ${opened.map((stream) => stream.received.length)}`,
      30_000,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expectEveryStreamGotEachOnceInOrder(opened, sent)
    const counts = handledCounts(instances)
    expect(counts.size).toBe(200)
    expect([...counts].filter(([, count]) => count !== 1)).toEqual([])
    // Redis really went away: the instances said so.
    expect(instances.some((instance) => instance.errors.length > 0)).toBe(true)
  }, 120_000)
})

describe('Redis restarted empty (no persistence) between deliveries', () => {
  let redis: TestRedis

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await redis.stop()
  })

  it('streams stay open and get what follows, with ids that keep growing: a resume from an id before the restart misses nothing after it', async () => {
    const instances = await cluster(redis)
    const opened = await streamsOn(instances, 1)
    const sent = ids(40, 'IBV-EMPTY')
    for (const [index, id] of sent.slice(0, 20).entries())
      await deliver(() => instances[index % 3]!.url, delivery(id))
    await until(
      () => opened.every((stream) => stream.received.length >= 20),
      () => `received ${opened.map((stream) => stream.received.length)}`,
    )
    const lastBefore = opened[0]!.received.at(-1)!.id
    await redis.restart()
    for (const [index, id] of sent.slice(20).entries())
      await deliver(() => instances[index % 3]!.url, delivery(id))
    await until(
      () => opened.every((stream) => stream.received.length >= 40),
      () => `received ${opened.map((stream) => stream.received.length)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expectEveryStreamGotEachOnceInOrder(opened, sent)
    // A browser that was away across the restart resumes from its last id before it.
    const resumed = await fetch(`${instances[1]!.url}/api/ibv/events`, {
      headers: { 'last-event-id': String(lastBefore) },
    })
    const { messages } = await readSse(resumed, (got) => got.length >= 20)
    expect(messages.map((message) => JSON.parse(message.data!).productRequestId)).toEqual(
      opened[0]!.received.slice(20).map((got) => got.productRequestId),
    )
    expect([...handledCounts(instances).values()].every((count) => count === 1)).toBe(true)
  }, 120_000)
})
