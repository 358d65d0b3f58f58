import { signStandardWebhook, standardWebhooksCryptoKey } from '../core/standard-webhooks.js'
import type { Scheduler } from './scheduler.js'
import type { SandboxClock } from './clock.js'

export interface WebhookRetryOptions {
  /** Attempts per event, the first included. @default 5 */
  attempts?: number
  /** Seconds before the first retry; each retry waits twice as long as the one before. @default 2 */
  baseDelaySeconds?: number
  /** How long one attempt may take before it counts as failed, in milliseconds. @default 5000 */
  timeoutMs?: number
}

/** One delivery attempt, as `GET /sandbox/webhooks` lists it. */
export interface WebhookAttempt {
  delivery_id: string
  attempt: number
  url: string
  payload: Record<string, unknown>
  /** The receiver's HTTP status, when it answered. */
  status?: number
  /** Why the attempt failed without an answer (network error, timeout). */
  error?: string
  ok: boolean
  /** Sandbox time of the attempt, ISO 8601. */
  at: string
}

export interface WebhookTarget {
  url: string
  headers?: Record<string, string>
}

/**
 * Delivers webhook payloads as JSON POSTs, retrying with exponential backoff on a non-2xx answer,
 * a network error or a timeout, up to a bound; records every attempt. Never throws. Each attempt
 * first asks `allowed` about the URL (a refusal is recorded, never retried), and follows no
 * redirect: a 3xx is a failed attempt, so the URL checked is the only one fetched. Given a signing
 * key, each attempt is signed with Standard Webhooks: one `webhook-id` per delivery (its retries
 * keep it), the attempt's real time in `webhook-timestamp` (not sandbox time, so a receiver's
 * tolerance check passes however far the sandbox clock moved), and `webhook-signature`.
 */
export class WebhookDispatcher {
  readonly attempts: WebhookAttempt[] = []
  private sent = 0
  /** Bumped by `clear()`: deliveries of an earlier generation schedule no more retries. */
  private generation = 0
  private readonly options: Required<WebhookRetryOptions>
  private readonly signing: Promise<CryptoKey> | undefined
  /** Makes this sandbox's `webhook-id`s differ from another run's, whose counter starts again. */
  private readonly run = crypto.randomUUID().replaceAll('-', '').slice(0, 12)

  constructor(
    private readonly scheduler: Scheduler,
    private readonly clock: SandboxClock,
    private readonly fetcher: typeof fetch,
    private readonly allowed: (url: string) => boolean,
    options: WebhookRetryOptions = {},
    signingKey?: Uint8Array<ArrayBuffer>,
  ) {
    this.options = { attempts: 5, baseDelaySeconds: 2, timeoutMs: 5000, ...options }
    this.signing = signingKey && standardWebhooksCryptoKey(signingKey, 'sign')
  }

  /** Starts delivering `payload` to `target` now (nothing happens without a target). */
  send(target: WebhookTarget | undefined, payload: Record<string, unknown>): void {
    if (target) this.attempt(target, payload, `whd_${++this.sent}`, 1)
  }

  clear(): void {
    this.attempts.length = 0
    this.generation++
  }

  private attempt(
    target: WebhookTarget,
    payload: Record<string, unknown>,
    deliveryId: string,
    attempt: number,
  ): void {
    const record: WebhookAttempt = {
      delivery_id: deliveryId,
      attempt,
      url: target.url,
      payload,
      ok: false,
      at: new Date(this.clock.now()).toISOString(),
    }
    this.attempts.push(record)
    if (!this.allowed(target.url)) {
      record.error = `not allowed: ${hostOf(target.url)} is not loopback or in webhookHosts`
      return
    }
    const generation = this.generation
    const work = this.post(target, payload, `msg_${this.run}_${deliveryId}`).then((outcome) => {
      Object.assign(record, outcome)
      if (generation !== this.generation) return
      if (!record.ok && attempt < this.options.attempts) {
        const delay = this.options.baseDelaySeconds * 1000 * 2 ** (attempt - 1)
        this.scheduler.at(this.clock.now() + delay, () =>
          this.attempt(target, payload, deliveryId, attempt + 1),
        )
      }
    })
    this.scheduler.track(work)
  }

  private async post(
    target: WebhookTarget,
    payload: Record<string, unknown>,
    messageId: string,
  ): Promise<Partial<WebhookAttempt>> {
    try {
      const body = JSON.stringify(payload)
      const response = await this.fetcher(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ibv-sandbox',
          ...target.headers,
          ...(await this.signature(messageId, body)),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })
      await response.body?.cancel().catch(() => undefined)
      return { status: response.status, ok: response.ok }
    } catch (error) {
      const name = error instanceof Error ? error.name : ''
      return {
        error:
          name === 'TimeoutError'
            ? 'timeout'
            : withoutHeaderValues(
                error instanceof Error ? error.message : String(error),
                target.headers,
              ),
      }
    }
  }

  /** The Standard Webhooks headers of one attempt of `body`, or none without a signing key. */
  private async signature(messageId: string, body: string): Promise<Record<string, string>> {
    if (!this.signing) return {}
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = await signStandardWebhook(
      await this.signing,
      messageId,
      timestamp,
      new TextEncoder().encode(body),
    )
    return {
      'webhook-id': messageId,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    }
  }
}

/**
 * An error's text fit for the delivery log (readable by whoever calls `GET /sandbox/webhooks`):
 * a message about a header says only that (undici quotes the bad value), and any header value in
 * the text is replaced by `[header value]`.
 */
function withoutHeaderValues(message: string, headers: Record<string, string> | undefined): string {
  if (/header/i.test(message))
    return 'the request could not be sent: a webhook header is invalid (its value is not shown)'
  let text = message
  for (const value of Object.values(headers ?? {})) {
    for (const form of [value, JSON.stringify(value).slice(1, -1)])
      if (form.trim()) text = text.split(form).join('[header value]')
  }
  return text
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the URL'
  }
}
