import type { SandboxContext, WidgetSession } from '../context.js'
import { INSTITUTIONS } from '../report-data.js'
import type { ConnectOutcome, ProductRequest } from '../service.js'
import { connectedPage, type WidgetView } from '../pages/widget.js'
import type { SandboxTexts } from '../pages/texts/index.js'
import type { WidgetPageMessage } from '../../core/index.js'
import { FRAME_MESSAGES } from '../../core/frame-protocol.js'

// What the widget's steps lead to: the test credentials' outcomes, the product request a
// session creates or continues, and the messages that say so.

/** What the test credentials lead to (the table in docs/sandbox.md). */
export function credentialOutcome(
  username: string,
  password: string,
): ConnectOutcome | 'mfa' | 'wrong_credentials' {
  if (password !== 'pass_good') return 'wrong_credentials'
  const outcomes: Record<string, ConnectOutcome | 'mfa'> = {
    user_good: 'complete',
    user_mfa: 'mfa',
    user_acquire_fail: 'ibv_data_acquire_failed',
    user_generation_fail: 'generation_failed',
  }
  return outcomes[username] ?? 'wrong_credentials'
}

export type Reason = 'wrong_credentials' | 'mfa'
/** Why a request waits in reconnect_required, when the widget left it so (the reconnect page says). */
export const reasons = new WeakMap<ProductRequest, Reason>()
/** What the reconnect page says about why the consumer signs in again. */
export function reconnectNotice(
  texts: SandboxTexts,
  bank: string,
  reason: Reason | undefined,
): string {
  const notice = texts.widget.reconnectNotice
  return (
    reason === 'wrong_credentials'
      ? notice.wrongCredentials
      : reason === 'mfa'
        ? notice.mfa
        : notice.other
  )(bank)
}

/** Links the session to a product request: reconnects the one waiting, or creates one. */
export function attach(
  ctx: SandboxContext,
  session: WidgetSession,
  institution: string,
  outcome: ConnectOutcome,
): ProductRequest | undefined {
  const consumer = ctx.state.consumers.get(session.consumerId)
  const waiting = [session.productRequestId, ...(consumer?.requests ?? [])]
    .map((id) => (id ? ctx.state.requests.get(id) : undefined))
    .find((request) => request?.status === 'reconnect_required')
  if (waiting) {
    waiting.institution = institution
    ctx.state.reconnect(waiting, outcome)
    session.productRequestId = waiting.id
    return waiting
  }
  const created = ctx.state.create({ consumerId: session.consumerId, institution, outcome })
  session.productRequestId = created.id
  return created
}

export function finish(view: WidgetView, session: WidgetSession): string {
  session.step = 'done'
  const institution =
    INSTITUTIONS.find((candidate) => candidate.name === session.institution) ?? INSTITUTIONS[0]
  view.messages.push(
    { type: FRAME_MESSAGES.event, name: 'HANDOFF', metadata: {} },
    {
      type: FRAME_MESSAGES.success,
      product_request_id: session.productRequestId ?? '',
      institution: { id: institution.id, name: institution.name },
    },
  )
  return connectedPage(view, institution)
}

export function exitMessage(
  error: { code: string; message: string } | null,
  metadata: Record<string, unknown>,
) {
  return { type: FRAME_MESSAGES.exit, error, metadata } satisfies WidgetPageMessage
}

export function pendingMeta(session: WidgetSession): Record<string, unknown> {
  return {
    status: 'reconnect_required',
    product_request_id: session.productRequestId,
    institution_name: session.institution,
  }
}
