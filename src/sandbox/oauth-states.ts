import type { OAuthState, SandboxContext, WidgetSession } from './context.js'
import { secretToken } from './random.js'

// A visit to an OAuth bank: the state the bank carries there and back. It is bound to the widget
// session that started it (its consumer and origin), answered once at the bank, and taken back
// once by the widget; it lives as long as a widget session, 30 minutes.

const STATE_MS = 30 * 60 * 1000

/** A new visit to the session's bank, replacing any earlier one (forgetting those long expired). */
export function startVisit(
  ctx: SandboxContext,
  session: WidgetSession,
  institutionId: string,
): OAuthState {
  const now = ctx.clock.now()
  for (const [id, old] of ctx.oauthStates)
    if (now >= old.expiresAt + STATE_MS) ctx.oauthStates.delete(id)
  const earlier = session.oauthState ? ctx.oauthStates.get(session.oauthState) : undefined
  if (earlier) earlier.over = true
  const state: OAuthState = {
    id: secretToken('os_'),
    sessionId: session.id,
    consumerId: session.consumerId,
    origin: session.origin,
    institutionId,
    mode: session.redirectUri ? 'redirect' : 'popup',
    over: false,
    expiresAt: now + STATE_MS,
  }
  ctx.oauthStates.set(state.id, state)
  session.oauthState = state.id
  return state
}

/** The visit while the bank may still answer it: known, not over, not answered, not expired. */
export function openVisit(ctx: SandboxContext, id: string): OAuthState | undefined {
  const state = ctx.oauthStates.get(id)
  return state && !state.over && !state.decision && ctx.clock.now() < state.expiresAt
    ? state
    : undefined
}

/**
 * The visit the bank already answered, not yet taken back: a second submission of its form (a
 * double click, or Back and submit again) gets the first answer again rather than a dead end.
 */
export function answeredVisit(ctx: SandboxContext, id: string): OAuthState | undefined {
  const state = ctx.oauthStates.get(id)
  return state && !state.over && state.decision && ctx.clock.now() < state.expiresAt
    ? state
    : undefined
}

/**
 * The visit a widget reopened with `oauth_state_id` may take back: answered at the bank, not yet
 * taken, not expired, started in redirect mode by the same consumer on the same origin.
 */
export function returnedVisit(
  ctx: SandboxContext,
  id: string,
  consumerId: string,
  origin: string | undefined,
): OAuthState | undefined {
  const state = ctx.oauthStates.get(id)
  const fits =
    state && state.mode === 'redirect' && state.consumerId === consumerId && state.origin === origin
  return fits && !state.over && state.decision && ctx.clock.now() < state.expiresAt
    ? state
    : undefined
}
