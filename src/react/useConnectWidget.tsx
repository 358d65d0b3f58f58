'use client'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { connectWidgetUrl } from '../core/index.js'
import { ConnectDialog } from './ConnectDialog.js'
import { useIbvContext } from './context.js'
import { CONNECT_TEXT, withText } from './messages.js'
import type { TokenRequest } from './fetchers.js'
import { useLatest } from './useLatest.js'
import { freshToken } from './useTokenQuery.js'
import * as ibvKeys from '../core/query-keys.js'
import { decodeWidgetMessage, type ConnectExitError, type ConnectExitMetadata, type ConnectInstitution } from '../core/index.js'

export interface ConnectSuccess {
  productRequestId: string
  institution: ConnectInstitution
}

/**
 * Whose bank the widget connects: the applicant's id on the lender's own pages, or the invite a
 * borrower's page was opened with. Exactly one of the two.
 */
export type ConnectWidgetSubject =
  | {
      /** The applicant's id in the lender's system: the consumer whose bank is connected. */
      consumerId: string
      invite?: undefined
    }
  | {
      /**
       * On the borrower's own page: the invite it was opened with (its `ibv_invite` parameter).
       * The widget's token is asked for with the invite instead of a consumer id (no session
       * needed), and a success tells the backend, which then refuses the link.
       */
      invite: string
      consumerId?: undefined
    }

/** What `useConnectWidget` and `<ConnectButton>` take besides whose bank it is. */
export interface ConnectWidgetCallbacks {
  /** The consumer connected a bank: a product request now exists. */
  onSuccess?: (success: ConnectSuccess) => void
  /**
   * The widget closed without success: `error` says why, or null when the user just left.
   * `metadata.productRequestId` is set when a request was left waiting in `reconnect_required`
   * (a wrong password, an unfinished MFA step): keep it, as for a success, to offer a reconnect.
   * Every way of leaving reports what the widget's Exit button would: Exit, Escape inside the
   * widget, and the dialog's own close button and Escape outside the frame (with what the widget
   * last announced in `ibv:exit_pending`, else `{ status: 'closed_by_user' }`).
   */
  onExit?: (error: ConnectExitError | null, metadata: ConnectExitMetadata) => void
  /** Every step the widget reports (`OPEN`, `SUBMIT_CREDENTIALS`, `ERROR`, …). */
  onEvent?: (name: string, metadata: Record<string, unknown>) => void
  /** A message from the widget's window and origin that is not one of its messages. */
  onInvalidMessage?: (data: unknown) => void
  /** Where the widget lives. @default `{serviceUrl}/connect?token=…&origin=…` */
  widgetUrl?: (serviceUrl: string, token: string, origin: string) => string
  /**
   * How long, in milliseconds, the widget has to say it is ready in its frame. Past it (the service
   * unreachable or failing, or a Content-Security-Policy that refuses the frame), the dialog shows
   * its own error with "Try again" and "Close", and `onExit` is called once with the error code
   * `WIDGET_UNAVAILABLE` and `metadata.status` `unavailable`. "Try again" loads the widget with a
   * fresh token; should that fail too, `onExit` is called again (once for each failure shown).
   * Closing the dialog after the error reports nothing more.
   * @default `<IbvProvider readyTimeoutMs>`, else 10000
   */
  readyTimeoutMs?: number
}

/**
 * `unavailable`: the dialog is open and shows that the widget could not be opened (it said
 * nothing within `readyTimeoutMs`).
 */
export type ConnectWidgetState = 'idle' | 'loading' | 'open' | 'unavailable' | 'error'

type State = { status: ConnectWidgetState; src?: string; error?: unknown }

const IDLE: State = { status: 'idle' }
const CLOSE_REQUEST = { type: 'ibv:close_requested' }

/** Closes the widget that is open now, if any: one widget at a time, page-wide. */
let closeActive: (() => void) | undefined

/** The options of `useConnectWidget`: whose bank, and the callbacks. */
export type UseConnectWidgetOptions = ConnectWidgetSubject & ConnectWidgetCallbacks

/**
 * Opens the hosted connect widget in an accessible modal, with a consumer token from the
 * token-fetcher (reused while it has life left). Render `widget` somewhere; call `open()`.
 *
 * @example
 * const { open, state, widget } = useConnectWidget({ consumerId, onSuccess: ({ productRequestId }) => save(productRequestId) })
 */
export function useConnectWidget(options: UseConnectWidgetOptions) {
  const { fetchers, serviceUrl, queryClient, messages: overrides, readyTimeoutMs } = useIbvContext('ConnectButton')
  const messages = withText(CONNECT_TEXT, overrides)
  const [state, setState] = useState(IDLE)
  const optionsRef = useLatest(options)
  // What leaving now would report, as the widget last said (ibv:exit_pending): the dialog's close
  // button cannot ask the widget, whose frame it does not see into.
  const pending = useRef<unknown>(CLOSE_REQUEST)
  const usedInvite = useRef<Promise<void>>(undefined)

  const close = useCallback(() => setState(IDLE), [])

  // Loads the widget with a usable token; `again` ("Try again" after it was unavailable) with a
  // new one, so a page that failed with the first is not asked for twice.
  const load = useCallback(
    async (again?: boolean) => {
      pending.current = CLOSE_REQUEST
      // Neither an invite nor a consumer id: the backend's 400 says consumer_id is required.
      const { invite, consumerId = '' } = optionsRef.current
      const request: TokenRequest = invite ? { type: 'invite', invite } : { type: 'consumer', consumerId }
      try {
        // A completion still being reported goes first: the token route then refuses the used invite.
        await usedInvite.current
        if (again) queryClient.removeQueries({ queryKey: ibvKeys.token(request) })
        const token = await freshToken(queryClient, fetchers, request)
        const build = optionsRef.current.widgetUrl ?? connectWidgetUrl
        setState({ status: 'open', src: build(serviceUrl, token.accessToken, location.origin) })
      } catch (error) {
        setState({ status: 'error', error })
      }
    },
    [queryClient, fetchers, serviceUrl, optionsRef],
  )

  const open = useCallback(async () => {
    if (state.status !== 'idle' && state.status !== 'error') return
    closeActive?.()
    closeActive = close
    setState({ status: 'loading' })
    await load()
  }, [state.status, close, load])

  // Called once per widget URL that said nothing in time (the dialog's timer fires once).
  const onUnavailable = useCallback(() => {
    setState((current) => ({ ...current, status: 'unavailable' }))
    optionsRef.current.onExit?.({ code: 'WIDGET_UNAVAILABLE', message: 'The connect widget did not answer in time.' }, { status: 'unavailable' })
  }, [optionsRef])

  // Origin and window are checked by the dialog; here the data is decoded and dispatched.
  const onMessage = useCallback(
    (data: unknown) => {
      const message = decodeWidgetMessage(data)
      const handlers = optionsRef.current
      if (!message) return handlers.onInvalidMessage?.(data)
      if (message.type === 'event') handlers.onEvent?.(message.name, message.metadata)
      if (message.type === 'pending') pending.current = { ...(data as object), ...CLOSE_REQUEST }
      if (message.type === 'success') {
        setState(IDLE)
        // A reconnect continues the same request: its report, if shown, is polled fast again.
        void queryClient.invalidateQueries({ queryKey: ibvKeys.report(message.productRequestId) })
        const { invite } = handlers
        if (invite) {
          // Used: its token is forgotten, and the backend told, so the link is refused from now on.
          queryClient.removeQueries({ queryKey: ibvKeys.token({ type: 'invite', invite }) })
          // Never rejects: the borrower did connect. The fetcher retries what can pass, and logs.
          usedInvite.current = fetchers.completeInvite?.(invite, message.productRequestId).catch(() => {})
        }
        handlers.onSuccess?.({ productRequestId: message.productRequestId, institution: message.institution })
      }
      // Also Escape inside the widget (ibv:close_requested), decoded as an exit.
      if (message.type === 'exit') {
        setState(IDLE)
        handlers.onExit?.(message.error, message.metadata)
      }
    },
    [optionsRef, queryClient, fetchers],
  )

  useEffect(
    () => () => {
      if (closeActive === close) closeActive = undefined
    },
    [close],
  )

  const widget: ReactNode = state.src ? (
    <ConnectDialog
      src={state.src}
      text={messages}
      onMessage={onMessage}
      // The close button and Escape outside the frame are the widget's own close request, with
      // what it last said leaving would report; after the error, onExit has been told already.
      onDismiss={() => (state.status === 'unavailable' ? close() : onMessage(pending.current))}
      readyTimeoutMs={options.readyTimeoutMs ?? readyTimeoutMs}
      onUnavailable={onUnavailable}
      unavailable={state.status === 'unavailable'}
      onRetry={() => void load(true)}
    />
  ) : null

  return { open, close, state: state.status, error: state.error, widget }
}
