import type { ReportStatus } from '../core/index.js'
import { reportUrl, joinServiceUrl } from '../core/index.js'
import type { SandboxClock } from './clock.js'
import { code, hashSeed, secretToken, seededRandom, seededToken } from './random.js'
import type { ReportShape } from './report-data.js'
import type { Scheduler } from './scheduler.js'
import type { WebhookDispatcher, WebhookTarget } from './webhooks.js'

/** How a product request created by the widget or `POST /sandbox/product_requests` ends. */
export const CONNECT_OUTCOMES = [
  'complete',
  'reconnect_required',
  'ibv_data_acquire_failed',
  'generation_failed',
] as const
export type ConnectOutcome = (typeof CONNECT_OUTCOMES)[number]

/**
 * How a consumer's next refresh ends (`POST /sandbox/consumers/:id/next_refresh`):
 * `generation_failed` is submitted, and its new report then fails to generate.
 */
export const REFRESH_SETTINGS = [
  'submitted',
  'invalid_connection',
  'data_pull_failed',
  'refresh_failed',
  'generation_failed',
] as const
export type RefreshSetting = (typeof REFRESH_SETTINGS)[number]

export interface PipelineTimings {
  /** Seconds from `initiated` to `ibv_data_acquired` (or `ibv_data_acquire_failed`). @default 3 */
  acquireSeconds?: number
  /** Seconds from `ibv_data_acquired` to `complete` (or `generation_failed`). @default 3 */
  generateSeconds?: number
}

export interface ProductRequest {
  id: string
  consumerId: string
  institution: string
  createdAt: number
  status: ReportStatus
  outcome: ConnectOutcome
  shape: ReportShape
  /** Created by a refresh: retrieved through /api/v1, per the service API. */
  viaRefresh: boolean
}

export interface Consumer {
  id: string
  /** Secret id in `ibv_connection_link`: the link works without a lender token, so it must not be guessable. */
  linkId: string
  institution: string
  requests: string[]
  lastRefreshAt?: number
  nextRefresh: RefreshSetting
}

export interface ServiceContext {
  clock: SandboxClock
  scheduler: Scheduler
  webhooks: WebhookDispatcher
  timings: Required<PipelineTimings>
  /** The public base of the service, for the links it returns. */
  base(): string
  webhookTarget(): WebhookTarget | undefined
  seed: number
  /** Whether `seed` was given: only then are link ids derived from it instead of random. */
  seeded: boolean
}

/** The simulated service's data and its state machine (docs/service-api.md, "States"), driven by the clock. */
export class ServiceState {
  readonly consumers = new Map<string, Consumer>()
  readonly requests = new Map<string, ProductRequest>()
  private readonly byLink = new Map<string, Consumer>()
  private ids: () => number

  constructor(private readonly context: ServiceContext) {
    this.ids = seededRandom(context.seed)
  }

  reset(): void {
    this.consumers.clear()
    this.requests.clear()
    this.byLink.clear()
    this.ids = seededRandom(this.context.seed)
  }

  consumer(id: string, institution: string): Consumer {
    let consumer = this.consumers.get(id)
    if (!consumer) {
      consumer = {
        id,
        linkId: this.newLinkId(id),
        institution,
        requests: [],
        nextRefresh: 'submitted',
      }
      this.consumers.set(id, consumer)
      this.byLink.set(consumer.linkId, consumer)
    }
    return consumer
  }

  consumerByLink(linkId: string): Consumer | undefined {
    return this.byLink.get(linkId)
  }

  /** A new product request that starts the pipeline at once (or waits in `reconnect_required`). */
  create(input: {
    consumerId: string
    institution: string
    outcome: ConnectOutcome
    shape?: ReportShape
    id?: string
    viaRefresh?: boolean
  }): ProductRequest {
    const consumer = this.consumer(input.consumerId, input.institution)
    consumer.institution = input.institution
    const request: ProductRequest = {
      id: input.id ?? this.nextId(),
      consumerId: consumer.id,
      institution: input.institution,
      createdAt: this.context.clock.now(),
      status: input.outcome === 'reconnect_required' ? 'reconnect_required' : 'initiated',
      outcome: input.outcome,
      shape: input.shape ?? {},
      viaRefresh: input.viaRefresh ?? false,
    }
    this.requests.set(request.id, request)
    consumer.requests.push(request.id)
    if (request.status === 'initiated') this.startPipeline(request)
    return request
  }

  /** The consumer reconnected: a request waiting in `reconnect_required` runs again with `outcome`. */
  reconnect(request: ProductRequest, outcome: ConnectOutcome): void {
    if (request.status !== 'reconnect_required') return
    request.outcome = outcome
    if (outcome === 'reconnect_required') return
    request.status = 'initiated'
    this.startPipeline(request)
  }

  /** The most recent request of a consumer that reached `complete`. */
  latestComplete(consumer: Consumer): ProductRequest | undefined {
    for (const id of [...consumer.requests].reverse()) {
      const request = this.requests.get(id)
      if (request?.status === 'complete') return request
    }
    return undefined
  }

  reportLink(request: ProductRequest): string {
    return reportUrl(this.context.base(), request.id, request.viaRefresh ? 'v1' : 'v2')
  }

  connectionLink(consumer: Consumer): string {
    return `${joinServiceUrl(this.context.base(), '/connect')}?link=${encodeURIComponent(consumer.linkId)}`
  }

  /**
   * A random secret; under an explicit seed, a function of the seed and the consumer (not of the
   * order consumers appear in), so a seeded test gets the same links every run.
   */
  private newLinkId(consumerId: string): string {
    if (!this.context.seeded) return secretToken('lnk_')
    return seededToken('lnk_', seededRandom(hashSeed(`link:${this.context.seed}:${consumerId}`)))
  }

  private nextId(): string {
    let id: string
    do id = `IBV${code(this.ids, 12)}`
    while (this.requests.has(id))
    return id
  }

  private startPipeline(request: ProductRequest): void {
    const { clock, scheduler, timings } = this.context
    const acquiredAt = clock.now() + timings.acquireSeconds * 1000
    scheduler.at(acquiredAt, () => {
      if (request.status !== 'initiated') return
      if (request.outcome === 'ibv_data_acquire_failed') {
        request.status = 'ibv_data_acquire_failed'
        return
      }
      request.status = 'ibv_data_acquired'
      scheduler.at(acquiredAt + timings.generateSeconds * 1000, () =>
        this.finishGeneration(request),
      )
    })
  }

  private finishGeneration(request: ProductRequest): void {
    if (request.status !== 'ibv_data_acquired') return
    const failed = request.outcome === 'generation_failed'
    request.status = failed ? 'generation_failed' : 'complete'
    this.context.webhooks.send(this.context.webhookTarget(), {
      consumer_id: request.consumerId,
      product_request_id: request.id,
      ibv_report: this.reportLink(request),
      ibv_report_status: request.status,
      event: failed ? 'report_generation_failed' : 'report_generated',
    })
  }
}
