// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest'
import { context, metrics, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base'
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics'
import {
  createIbvBackend,
  createIbvClient,
  createMemoryTokenCache,
  headerSecretVerifier,
} from '../../src/server/index.js'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'

const KEY = 'sk_test_telemetry-key'
const APP = 'https://lender.test'
const SECRET = 'hush-telemetry'

/** An SDK registered globally, as `@opentelemetry/sdk-node` would, exporting to memory. */
function registerSdk() {
  const spans = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spans)],
  })
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })
  const meterProvider = new MeterProvider({ readers: [reader] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  const collect = async () => {
    await reader.forceFlush()
    return exporter.getMetrics()
  }
  return {
    spans,
    collect,
    shutdown: () => Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]),
  }
}

/** The last value of each metric data point: name → list of { attributes, value }. */
function points(exported: ResourceMetrics[]) {
  const last = exported.at(-1)
  const found = new Map<string, { attributes: Record<string, unknown>; value: unknown }[]>()
  for (const scope of last?.scopeMetrics ?? []) {
    for (const metric of scope.metrics)
      found.set(
        metric.descriptor.name,
        metric.dataPoints.map((point) => ({ attributes: point.attributes, value: point.value })),
      )
  }
  return found
}

/**
 * A backend over a real sandbox whose webhooks reach it, through a transport that answers 503
 * for the first `failures` report reads (the sandbox still answers every other call).
 */
function setup(failures = 0) {
  const delivered: { body: string; headers: Headers }[] = []
  let backendFetch: (request: Request) => Promise<Response> = async () =>
    new Response(null, { status: 503 })
  const sandbox = createSandbox({
    clock: createManualClock(Date.now()),
    apiKey: KEY,
    webhookUrl: `${APP}/api/ibv/webhooks`,
    webhookHeaders: { 'x-webhook-secret': SECRET },
    fetch: async (input, init) => {
      const request = new Request(input, init)
      delivered.push({ body: await request.clone().text(), headers: request.headers })
      return backendFetch(request)
    },
  })
  let left = failures
  const client = createIbvClient({
    apiKey: KEY,
    serviceUrl: 'https://service.test',
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    fetch: async (request) => {
      if (request.method === 'GET' && left > 0) {
        left--
        return new Response(JSON.stringify({ message: 'busy' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        })
      }
      return sandbox.fetch(request)
    },
  })
  const backend = createIbvBackend({
    client,
    authorize: () => true,
    tokenCache: createMemoryTokenCache(),
    verifyWebhook: headerSecretVerifier('x-webhook-secret', SECRET),
  })
  backendFetch = backend.fetch
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await backend.fetch(
      new Request(`${APP}/api/ibv${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    )
    return { status: response.status, text: await response.text() }
  }
  const productRequest = async (consumerId: string) => {
    const answer = await sandbox.fetch(
      new Request('https://service.test/sandbox/product_requests', {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ consumer_id: consumerId }),
      }),
    )
    return ((await answer.json()) as { product_request_id: string }).product_request_id
  }
  return { sandbox, backend, call, productRequest, delivered }
}

/** Runs every flow that records something; returns the secrets and ids it saw. */
async function runFlows(failures: number) {
  const { sandbox, backend, call, productRequest, delivered } = setup(failures)
  const id = await productRequest('LND-TELEMETRY-7')
  const tokens: string[] = []
  for (let i = 0; i < 3; i++) {
    const answer = await call('POST', '/tokens', {
      type: 'embedded_report_token',
      product_request_id: id,
    })
    expect(answer.status).toBe(200)
    tokens.push((JSON.parse(answer.text) as { access_token: string }).access_token)
  }
  const consumer = await call('POST', '/tokens', {
    type: 'consumer',
    consumer_id: 'LND-TELEMETRY-7',
  })
  tokens.push((JSON.parse(consumer.text) as { access_token: string }).access_token)
  expect((await call('GET', `/reports/${id}`)).status).toBe(202)
  // An open stream, then the report: the sandbox delivers its webhook to the backend.
  const abort = new AbortController()
  const stream = await backend.fetch(new Request(`${APP}/api/ibv/events`, { signal: abort.signal }))
  expect(stream.status).toBe(200)
  await sandbox.advance(6)
  const webhook = delivered.find((delivery) => delivery.body.includes('report_generated'))
  expect(webhook).toBeDefined()
  // The same delivery again (a duplicate), unsigned (refused), and junk (invalid).
  const again = await call('POST', '/webhooks', webhook?.body, { 'x-webhook-secret': SECRET })
  expect(again.text).toContain('"duplicate":true')
  expect((await call('POST', '/webhooks', webhook?.body)).status).toBe(401)
  expect((await call('POST', '/webhooks', '{}', { 'x-webhook-secret': SECRET })).status).toBe(400)
  return { id, tokens, sandbox, abort, backend }
}

describe('OpenTelemetry', () => {
  let stop = async () => {}
  afterEach(async () => {
    await stop()
    trace.disable()
    metrics.disable()
    context.disable()
  })

  it('records upstream attempts, retries, tokens, streams and webhooks, with no secret or id in any attribute', async () => {
    const sdk = registerSdk()
    stop = async () => void (await sdk.shutdown())
    const { id, tokens, sandbox, abort, backend } = await runFlows(1)

    const spans = sdk.spans.getFinishedSpans()
    const named = (name: string) => spans.filter((span) => span.name === name)
    // The first read got a 503 and was retried: two spans, attempts 1 and 2.
    expect(named('ibv.upstream get_report').map((span) => span.attributes)).toEqual([
      {
        'ibv.operation': 'get_report',
        'http.request.method': 'GET',
        'url.template': '/api/v2/ibv/requests/{product_request_id}',
        'ibv.attempt': 1,
        'http.response.status_code': 503,
        'error.type': 'server_error',
      },
      {
        'ibv.operation': 'get_report',
        'http.request.method': 'GET',
        'url.template': '/api/v2/ibv/requests/{product_request_id}',
        'ibv.attempt': 2,
        'http.response.status_code': 202,
      },
    ])
    expect(named('ibv.upstream create_embedded_report_token')).toHaveLength(1)
    expect(
      named('ibv.upstream create_consumer_token').map((span) => span.attributes['url.template']),
    ).toEqual(['/api/v1/auth/tokens'])
    for (const span of named('ibv.upstream get_report'))
      expect(span.endTime[0] + span.endTime[1] / 1e9).toBeGreaterThanOrEqual(
        span.startTime[0] + span.startTime[1] / 1e9,
      )
    expect(named('ibv.webhook').map((span) => span.attributes)).toEqual([
      {
        'ibv.webhook.event': 'report_generated',
        'ibv.webhook.outcome': 'handled',
        'ibv.webhook.duplicate': false,
        'http.response.status_code': 200,
      },
      {
        'ibv.webhook.event': 'report_generated',
        'ibv.webhook.outcome': 'duplicate',
        'ibv.webhook.duplicate': true,
        'http.response.status_code': 200,
      },
      {
        'ibv.webhook.outcome': 'refused',
        'ibv.webhook.duplicate': false,
        'http.response.status_code': 401,
      },
      {
        'ibv.webhook.outcome': 'invalid',
        'ibv.webhook.duplicate': false,
        'http.response.status_code': 400,
      },
    ])

    const open = points(await sdk.collect())
    expect(open.get('ibv.upstream.retries')).toEqual([
      { attributes: { 'ibv.operation': 'get_report', 'error.type': 'server_error' }, value: 1 },
    ])
    expect(open.get('ibv.tokens.minted')).toEqual(
      expect.arrayContaining([
        { attributes: { 'ibv.token.kind': 'embedded_report_token' }, value: 1 },
        { attributes: { 'ibv.token.kind': 'consumer' }, value: 1 },
      ]),
    )
    expect(open.get('ibv.tokens.cached')).toEqual([
      {
        attributes: { 'ibv.token.kind': 'embedded_report_token', 'ibv.token.source': 'cache' },
        value: 2,
      },
    ])
    expect(open.get('ibv.streams.open')?.reduce((sum, point) => sum + Number(point.value), 0)).toBe(
      1,
    )
    abort.abort()
    await backend.close({ timeoutMs: 1000 })
    expect(points(await sdk.collect()).get('ibv.streams.open')?.[0]?.value).toBe(0)
    sandbox.close()

    // Not the key, not a token, not an id: anywhere in a span's name or attributes, or a metric's.
    const secrets = [KEY, SECRET, id, 'LND-TELEMETRY-7', ...tokens]
    const values = [
      ...spans.flatMap((span: ReadableSpan) => [
        span.name,
        ...Object.values(span.attributes).map(String),
      ]),
      ...[...open.values()].flatMap((list) =>
        list.flatMap((point) => Object.values(point.attributes).map(String)),
      ),
    ]
    expect(values.length).toBeGreaterThan(40)
    for (const secret of secrets)
      expect(values.filter((value) => value.includes(secret))).toEqual([])
  })

  it('counts viewers that shared a mint in flight as cached, not minted', async () => {
    const sdk = registerSdk()
    stop = async () => void (await sdk.shutdown())
    const { sandbox, call, productRequest } = setup()
    const id = await productRequest('LND-TELEMETRY-8')
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/tokens', { type: 'embedded_report_token', product_request_id: id }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    const found = points(await sdk.collect())
    expect(found.get('ibv.tokens.minted')).toEqual([
      { attributes: { 'ibv.token.kind': 'embedded_report_token' }, value: 1 },
    ])
    expect(found.get('ibv.tokens.cached')).toEqual([
      {
        attributes: { 'ibv.token.kind': 'embedded_report_token', 'ibv.token.source': 'in_flight' },
        value: 2,
      },
    ])
    sandbox.close()
  })

  it('records a webhook body over its cap as refused, not as a failure of onWebhook', async () => {
    const sdk = registerSdk()
    stop = async () => void (await sdk.shutdown())
    const { sandbox, call } = setup()
    const over = JSON.stringify({
      event: 'data_pull_via_connection_failed',
      consumer_id: 'LND-42',
      detail: 'x'.repeat(64 * 1024),
    })
    expect((await call('POST', '/webhooks', over, { 'x-webhook-secret': SECRET })).status).toBe(413)
    const webhook = sdk.spans.getFinishedSpans().filter((span) => span.name === 'ibv.webhook')
    expect(webhook.map((span) => [span.attributes, span.status.code])).toEqual([
      [
        {
          'ibv.webhook.outcome': 'refused',
          'ibv.webhook.duplicate': false,
          'http.response.status_code': 413,
        },
        0,
      ],
    ])
    sandbox.close()
  })

  it('records nothing, and throws nothing, when no SDK is registered', async () => {
    const spans = new InMemorySpanExporter()
    const unregistered = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(spans)],
    })
    const { sandbox, abort, backend } = await runFlows(1)
    abort.abort()
    await backend.close({ timeoutMs: 1000 })
    sandbox.close()
    expect(spans.getFinishedSpans()).toEqual([])
    expect(trace.getActiveSpan()).toBeUndefined()
    await unregistered.shutdown()
  })
})
