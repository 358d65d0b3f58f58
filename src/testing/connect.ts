// `env.connect`: the consumer in the connect widget, in process. The widget your app has open is
// the one completed, and its messages reach your app as the real frame's would.
import { CONNECT_FRAME_CLASS } from '../core/component-names.js'
import type { Sandbox } from '../sandbox/index.js'
import {
  checkOutcome,
  returnToWidget,
  runWidget,
  widgetUrlWithState,
  type ConnectOutcome,
} from './widget-flow.js'
import type { PostedMessage } from './widget-pages.js'

/** How `env.connect` goes through the widget, when an outcome alone does not say enough. */
export interface ConnectOptions {
  /** What the consumer does in the widget (see {@link ConnectOutcome}). @default 'complete' */
  outcome?: ConnectOutcome
  /**
   * With no widget open in your app: opens the new one in redirect mode, as a `<ConnectButton
   * redirectUri>` does, with this page of your app (on `appOrigin`) as the one the bank returns to.
   * Your app's open widget has its own (from its `redirectUri`). @default none: popup mode
   */
  redirectUri?: string
  /**
   * Redirect mode: the bank sends the browser to `url` (your redirect page, with `oauth_state_id`).
   * Render your redirect page there (its `<ConnectButton receivedRedirectUri={url}>`); the widget
   * it reopens is the one completed, so its `onSuccess` runs. Needed when your app's widget was
   * open; without a widget of your app, the widget is reopened over HTTP as your page would.
   * @default none
   */
  onRedirect?: (url: string) => unknown
}

const OPTION_NAMES = ['outcome', 'redirectUri', 'onRedirect'] as const

/** The checked options of `env.connect(consumerId, outcomeOrOptions)`; a `TypeError` says what is wrong. */
export function readConnectOptions(
  value: unknown,
  appOrigin: string,
): ConnectOptions & { outcome: ConnectOutcome } {
  if (value === undefined) return { outcome: 'complete' }
  if (typeof value === 'string') {
    checkOutcome(value)
    return { outcome: value }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(
      `connect: the second argument is an outcome ('complete', 'oauth_complete', …) or options { ${OPTION_NAMES.join(', ')} }, not ${JSON.stringify(value) ?? String(value)}.`,
    )
  }
  const options = value as Record<string, unknown>
  const unknown = Object.keys(options).filter(
    (key) => !(OPTION_NAMES as readonly string[]).includes(key),
  )
  if (unknown.length)
    throw new TypeError(
      `connect: unknown option ${unknown.map((key) => `'${key}'`).join(', ')}; the options are ${OPTION_NAMES.join(', ')}.`,
    )
  const outcome = options.outcome ?? 'complete'
  checkOutcome(outcome)
  const { redirectUri, onRedirect } = options
  if (redirectUri !== undefined && !onAppOrigin(redirectUri, appOrigin)) {
    throw new TypeError(
      `connect: redirectUri must be an absolute http(s) URL on this environment's appOrigin, such as ${appOrigin}/oauth-return, not ${JSON.stringify(redirectUri) ?? String(redirectUri)}.`,
    )
  }
  if (onRedirect !== undefined && typeof onRedirect !== 'function')
    throw new TypeError(
      `connect: onRedirect must be a function (url) => …, not ${typeof onRedirect}.`,
    )
  if (outcome === 'oauth_closed' && redirectUri !== undefined) {
    throw new TypeError(
      "connect: 'oauth_closed' closes the bank's window, which only the popup mode has; with redirectUri the whole page goes to the bank.",
    )
  }
  return {
    outcome,
    redirectUri: redirectUri as string | undefined,
    onRedirect: onRedirect as ConnectOptions['onRedirect'],
  }
}

function onAppOrigin(value: unknown, appOrigin: string): boolean {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === appOrigin
  } catch {
    return false
  }
}

/** What `connect` needs of its environment. */
export interface ConnectContext {
  sandbox: Sandbox
  serviceUrl: string
  appOrigin: string
  settle(): Promise<void>
  /** Runs `work` inside React's `act()` where the test runs in an act environment. */
  inAct(work: () => unknown): Promise<void>
}

const frames = () =>
  typeof document === 'undefined'
    ? []
    : [...document.querySelectorAll<HTMLIFrameElement>(`iframe.${CONNECT_FRAME_CLASS}`)]

/** The consumer goes through the widget (`env.connect`); see `IbvTestEnvironment.connect`. */
export async function connectWidget(
  ctx: ConnectContext,
  consumerId: string,
  outcomeOrOptions?: ConnectOutcome | ConnectOptions,
): Promise<string | null> {
  const { sandbox, serviceUrl, appOrigin } = ctx
  const { outcome, redirectUri, onRedirect } = readConnectOptions(outcomeOrOptions, appOrigin)
  // This environment's widget: another environment's (or another service's) is not ours to complete.
  const ours = (frame: HTMLIFrameElement) => frame.src.startsWith(`${serviceUrl}/`)
  const open = frames().find(ours) ?? null
  const foreign = frames()[0]
  if (!open && foreign) {
    throw new Error(
      `connect: the open widget loads from ${foreign.src.split('?')[0]}, not from this environment's serviceUrl ${serviceUrl}. Give <IbvProvider> env.serviceUrl (or createIbvTestEnvironment the serviceUrl your app uses).`,
    )
  }
  if (open && redirectUri !== undefined) {
    throw new Error(
      'connect: redirectUri opens a new widget in redirect mode, but your app has its widget open: give your <ConnectButton> the redirectUri instead.',
    )
  }
  const send = (request: Request) => sandbox.fetch(request)
  /** Posts `messages` as `target()`'s frame would (asked again each time: React may replace the frame). */
  const deliver = async (messages: PostedMessage[], target: () => HTMLIFrameElement | null) => {
    // The dialog's message listener is an effect: let React run what it has pending first.
    await ctx.settle()
    const origin = new URL(serviceUrl).origin
    for (const data of messages) {
      const source = target()?.contentWindow ?? null
      await ctx.inAct(() =>
        window.dispatchEvent(new MessageEvent('message', { data, origin, source })),
      )
    }
  }

  const widgetUrl = open?.src ?? (await mintWidgetUrl(ctx, consumerId, redirectUri))
  const run = await runWidget(send, widgetUrl, outcome)
  if (open) await deliver(run.messages, () => frames().find(ours) ?? null)
  if (!run.redirectedTo) {
    await ctx.settle()
    return run.productRequestId
  }

  // Redirect mode: the browser now loads your redirect page, which reopens the widget with the state.
  const returnUrl = run.redirectedTo
  if (onRedirect) {
    await ctx.inAct(() => onRedirect(returnUrl))
    await ctx.settle()
  }
  const state = new URL(returnUrl).searchParams.get('oauth_state_id')
  const carriesState = (frame: HTMLIFrameElement) =>
    ours(frame) && new URL(frame.src).searchParams.get('oauth_state_id') === state
  const reopened = frames().find(carriesState)
  if (!reopened && open) {
    const hint = onRedirect
      ? 'Does your redirect page give <ConnectButton> receivedRedirectUri?'
      : 'Pass onRedirect to render your redirect page at that address.'
    throw new Error(
      `connect: the bank sent the page back to ${returnUrl}, and no widget opened with its oauth_state_id. ${hint}`,
    )
  }
  const back = await returnToWidget(send, reopened?.src ?? widgetUrlWithState(widgetUrl, returnUrl))
  if (reopened) await deliver(back.messages, () => frames().find(carriesState) ?? null)
  await ctx.settle()
  return back.productRequestId
}

/** A new widget for `consumerId`, as your backend's token route would open it. */
async function mintWidgetUrl(
  ctx: ConnectContext,
  consumerId: string,
  redirectUri: string | undefined,
): Promise<string> {
  const { sandbox, serviceUrl, appOrigin } = ctx
  const minted = await sandbox.fetch(
    new Request(`${serviceUrl}/api/v1/auth/tokens`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ consumer_id: consumerId }),
    }),
  )
  const token = ((await minted.json()) as { access_token?: string }).access_token
  if (!minted.ok || !token)
    throw new Error(
      `connect: the sandbox refused a consumer token for ${consumerId} (${minted.status}).`,
    )
  const url = new URL(`${serviceUrl}/connect`)
  url.searchParams.set('token', token)
  url.searchParams.set('origin', appOrigin)
  if (redirectUri !== undefined) url.searchParams.set('redirect_uri', redirectUri)
  return url.href
}
