import { IbvError, isRetryable } from './errors.js'
import { backendCall, type BackendCall, type BackendFetchersOptions } from './backend-call.js'
import type { IbvReport, PendingReport } from './schemas.js'
import type { RefreshOutcome } from './refresh-outcome.js'
import type { InviteStatus } from './invite-status.js'
import {
  parseTokenResponse,
  type NormalizedTokenResponse,
  type TokenResponse,
} from './token-lifetime.js'
import { BACKEND_ROUTES, backendRouteUrl, type BackendRouteName } from './routes.js'

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
  token(request: TokenRequest): Promise<TokenResponse>
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

export type { BackendFetchersOptions } from './backend-call.js'

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
  const send = backendCall(options)
  // Each fetcher calls the route of the table named after it: its method and its path.
  const call = (
    name: BackendRouteName,
    init: { params?: Record<string, string>; query?: string; body?: string } = {},
  ) =>
    send(`${backendRouteUrl(basePath, name, init.params)}${init.query ?? ''}`, {
      method: BACKEND_ROUTES[name].method,
      body: init.body,
    })
  return {
    token: tokenFetcher(backendRouteUrl(basePath, 'token'), send),
    async report(productRequestId) {
      const { status, body } = await call('report', { params: { productRequestId } })
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
      const { status, body } = await call('refresh', { params: { consumerId }, body: '{}' })
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
      const { status, body } = await call('invite', {
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
      const { status, body } = await call('invites', {
        query: `?consumer_id=${encodeURIComponent(consumerId)}`,
      })
      const list = (body as { invites?: unknown } | undefined)?.invites
      if (!Array.isArray(list))
        throw new IbvError('malformed_response', 'The invites answer has no invites list.', {
          status,
        })
      return list as InviteStatus[]
    },
    completeInvite: completeInviteFetcher(backendRouteUrl(basePath, 'completeInvite'), send),
  }
}

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

/**
 * The fetchers an `<ibv-*>` element has from its token URL alone: the token-fetcher at that URL
 * and, when it is the route table's token route (`{basePath}/tokens`), `completeInvite` of the
 * same backend. Not exported from an entry point.
 */
export function backendFetchersAt(
  tokenUrl: string,
  options: BackendFetchersOptions = {},
): Pick<IbvFetchers, 'token' | 'completeInvite'> {
  const tokenPath = BACKEND_ROUTES.token.path
  let route = tokenUrl
  while (route.endsWith('/')) route = route.slice(0, -1)
  const basePath = route.endsWith(tokenPath) ? route.slice(0, -tokenPath.length) : undefined
  return {
    token: backendTokenFetcher(tokenUrl, options),
    completeInvite:
      basePath === undefined
        ? undefined
        : completeInviteFetcher(backendRouteUrl(basePath, 'completeInvite'), backendCall(options)),
  }
}

/** `completeInvite` at `url` (the route table's `completeInvite` route of a backend). */
function completeInviteFetcher(
  url: string,
  send: BackendCall,
): Required<IbvFetchers>['completeInvite'] {
  return async (invite, productRequestId) => {
    // Tried again (after 1 s, then 2 s) when that can help: a report that never arrives leaves the link usable.
    for (let attempt = 1; ; attempt++) {
      try {
        await send(url, {
          method: BACKEND_ROUTES.completeInvite.method,
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
  }
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
