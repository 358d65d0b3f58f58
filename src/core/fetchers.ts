import { IbvError, errorFromResponse, isRetryable } from './errors.js'
import type { IbvReport, PendingReport } from './schemas.js'
import type { RefreshOutcome } from './refresh-outcome.js'
import type { InviteStatus } from './invite-status.js'
import { parseTokenResponse, type NormalizedTokenResponse } from './token-lifetime.js'

/**
 * What the token-fetcher is asked for. `invite`: a borrower's page asks for the consumer token of
 * the invite it was opened with (the `ibv_invite` parameter of its URL).
 */
export type TokenRequest =
  | { type: 'consumer'; consumerId: string }
  | { type: 'embedded_report_token'; productRequestId: string }
  | { type: 'invite'; invite: string }

/** A new invite: the link to send the borrower, and when it stops working (ISO 8601). */
export interface InviteResponse {
  /** The borrower page's URL with the invite in its `ibv_invite` parameter: send it as it is. */
  url: string
  /** When the link stops working, ISO 8601 (`2026-12-03T09:00:00.000Z`). */
  expires_at: string
}

/** A report answer as the browser sees it. */
export type ReportAnswer =
  { kind: 'ready'; report: IbvReport } | { kind: 'pending'; pending: PendingReport }

/**
 * The plug between the components and the lender's backend. A fetcher fails by rejecting; an
 * `IbvError`, or any error with a numeric `status`, says whether a retry can help.
 */
export interface IbvFetchers {
  /** The token-fetcher: a `TokenResponse` from the lender's backend (`expires_in` number or string). */
  token(request: TokenRequest): Promise<{ access_token: string; expires_in: number | string }>
  /** For `useIbvReport`: the service's 200 or 202 answer. */
  report?(productRequestId: string): Promise<ReportAnswer>
  /** For `useRefreshReport`: the classified refresh outcome. */
  refresh?(consumerId: string): Promise<RefreshOutcome>
  /** For `<InviteBorrowerButton>`: a new invite link for this consumer. */
  invite?(consumerId: string): Promise<InviteResponse>
  /**
   * For `<ConnectButton invite>`: tells the backend a connection was completed with this invite,
   * so the link is refused from now on.
   */
  completeInvite?(invite: string, productRequestId: string): Promise<void>
  /** For staff: the invites sent to this consumer and where each stands, newest first (`GET /invites`). */
  invites?(consumerId: string): Promise<InviteStatus[]>
}

export interface BackendFetchersOptions {
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Extra headers on every call, such as a CSRF token. */
  headers?: Record<string, string>
  /** How long a call may take before it fails with `timeout` (and is retried where that helps). @default 15000 */
  timeoutMs?: number
}

/**
 * Fetchers for the routes of `createIbvBackend`, so the default setup needs no hand-written code.
 *
 * @example
 * <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl="https://api.example.com">
 */
export function createBackendFetchers(
  basePath = '/api/ibv',
  options: BackendFetchersOptions = {},
): Required<IbvFetchers> {
  const base = basePath.replace(/\/+$/, '')
  const call = backendCall(options)
  return {
    token: tokenFetcher(`${base}/tokens`, call),
    async report(productRequestId) {
      const { status, body } = await call(
        `${base}/reports/${encodeURIComponent(productRequestId)}`,
        { method: 'GET' },
      )
      const record = body as Record<string, unknown> | undefined
      // A 202 carries the pending shape; a 200 is a report, with its list of accounts.
      if (
        typeof record?.product_request_id !== 'string' ||
        typeof record.ibv_report_status !== 'string' ||
        (status !== 202 && !Array.isArray(record.accounts))
      ) {
        throw new IbvError(
          'malformed_response',
          'The report answer has no product_request_id, ibv_report_status or (when ready) accounts.',
          { status },
        )
      }
      if (status === 202) return { kind: 'pending', pending: record as PendingReport }
      return { kind: 'ready', report: record as IbvReport }
    },
    async refresh(consumerId) {
      // A JSON body, so the POST carries the content type the backend requires of state changes.
      const { status, body } = await call(`${base}/refresh/${encodeURIComponent(consumerId)}`, {
        method: 'POST',
        body: '{}',
      })
      const outcome = body as RefreshOutcome | undefined
      // createIbvBackend answers the outcome already classified (classifyRefresh runs there).
      if (typeof outcome?.kind !== 'string' || typeof outcome.message !== 'string') {
        throw new IbvError(
          'malformed_response',
          'The refresh answer is not a classified outcome.',
          { status },
        )
      }
      return outcome
    },
    async invite(consumerId) {
      const { status, body } = await call(`${base}/invites`, {
        method: 'POST',
        body: JSON.stringify({ consumer_id: consumerId }),
      })
      const answer = body as Partial<InviteResponse> | undefined
      if (typeof answer?.url !== 'string' || typeof answer.expires_at !== 'string') {
        throw new IbvError('malformed_response', 'The invite answer has no url or expires_at.', {
          status,
        })
      }
      return { url: answer.url, expires_at: answer.expires_at }
    },
    async invites(consumerId) {
      const { status, body } = await call(
        `${base}/invites?consumer_id=${encodeURIComponent(consumerId)}`,
        { method: 'GET' },
      )
      const list = (body as { invites?: unknown } | undefined)?.invites
      if (!Array.isArray(list))
        throw new IbvError('malformed_response', 'The invites answer has no invites list.', {
          status,
        })
      return list as InviteStatus[]
    },
    async completeInvite(invite, productRequestId) {
      // Tried again (after 1 s, then 2 s) when that can help: a report that never arrives leaves the link usable.
      for (let attempt = 1; ; attempt++) {
        try {
          await call(`${base}/invites/complete`, {
            method: 'POST',
            body: JSON.stringify({ invite, product_request_id: productRequestId }),
          })
          return
        } catch (error) {
          if (attempt >= 3 || !isRetryable(error)) {
            console.error(
              `The invite could not be recorded as used (${(error as Error).message}): the link works until it expires.`,
            )
            throw error
          }
          await new Promise((resolve) => setTimeout(resolve, 1000 * attempt))
        }
      }
    },
  }
}

/** A JSON call to the lender's backend: its status and parsed body, or an `IbvError`. */
type BackendCall = (url: string, init: RequestInit) => Promise<{ status: number; body: unknown }>

/**
 * The token-fetcher of `createBackendFetchers`, for a token route at any URL: `<ibv-*>` elements
 * take the route as `tokenUrl`. Not exported from an entry point.
 */
export function backendTokenFetcher(
  tokenUrl: string,
  options: BackendFetchersOptions = {},
): IbvFetchers['token'] {
  return tokenFetcher(tokenUrl, backendCall(options))
}

function tokenFetcher(tokenUrl: string, call: BackendCall): IbvFetchers['token'] {
  return async (request): Promise<NormalizedTokenResponse> => {
    const body =
      request.type === 'consumer'
        ? { type: 'consumer', consumer_id: request.consumerId }
        : request.type === 'invite'
          ? { type: 'invite', invite: request.invite }
          : { type: 'embedded_report_token', product_request_id: request.productRequestId }
    return parseTokenResponse(
      (await call(tokenUrl, { method: 'POST', body: JSON.stringify(body) })).body,
    )
  }
}

function backendCall(options: BackendFetchersOptions): BackendCall {
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 15_000

  return async function call(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown }> {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    // A race, not only the signal: a custom fetch that ignores the signal still cannot hang us.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new IbvError('timeout', 'Your backend did not answer in time. Try again.'))
      }, timeoutMs)
    })
    let response: Response
    let text: string
    try {
      // The body is read inside the race too: headers then a stalled body must not hang us.
      const exchange = send(url, {
        ...init,
        credentials: 'same-origin',
        signal: controller.signal,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      }).then(async (answer) => ({ answer, body: await answer.text().catch(() => '') }))
      ;({ answer: response, body: text } = await Promise.race([exchange, timeout]))
    } catch (cause) {
      if (cause instanceof IbvError) throw cause
      throw new IbvError(
        'network',
        'Your backend could not be reached. Check the connection and try again.',
        { cause },
      )
    } finally {
      clearTimeout(timer)
    }
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch (cause) {
      if (response.ok)
        throw new IbvError('malformed_response', 'Your backend sent an answer that is not JSON.', {
          status: response.status,
          cause,
        })
    }
    // A failure of the service, passed on by createIbvBackend, says so; anything else is the backend's own.
    if (!response.ok)
      throw errorFromResponse(
        response.status,
        body,
        (body as { source?: unknown } | undefined)?.source === 'service' ? 'service' : 'backend',
      )
    return { status: response.status, body }
  }
}
