'use client'
import { useCallback, useEffect, useReducer, useRef, type ReactNode } from 'react'
import { connectWidgetUrl } from '../core/index.js'
import { ConnectDialog } from './ConnectDialog.js'
import { useIbvContext } from './context.js'
import { CONNECT_TEXT, withText } from './messages.js'
import { freshToken } from './useTokenQuery.js'
import { decodeWidgetMessage, type ConnectExitError, type ConnectInstitution } from './widget-messages.js'

export interface ConnectSuccess {
  productRequestId: string
  institution: ConnectInstitution
}

export interface UseConnectWidgetOptions {
  consumerId: string
  /** The consumer connected a bank: a product request now exists. */
  onSuccess?: (success: ConnectSuccess) => void
  /** The widget closed without success: `error` says why, or null when the user just left. */
  onExit?: (error: ConnectExitError | null, metadata: Record<string, unknown>) => void
  /** Every step the widget reports (`OPEN`, `SUBMIT_CREDENTIALS`, `ERROR`, …). */
  onEvent?: (name: string, metadata: Record<string, unknown>) => void
  /** A message from the widget's window and origin that is not one of its messages. */
  onInvalidMessage?: (data: unknown) => void
  /** Where the widget lives. @default `{serviceUrl}/connect?token=…&origin=…` */
  widgetUrl?: (serviceUrl: string, token: string, origin: string) => string
}

export type ConnectWidgetState = 'idle' | 'loading' | 'open' | 'error'

type State = { status: ConnectWidgetState; src?: string; error?: unknown }
type Action = { type: 'loading' } | { type: 'open'; src: string } | { type: 'failed'; error: unknown } | { type: 'closed' }

function reducer(_state: State, action: Action): State {
  switch (action.type) {
    case 'loading':
      return { status: 'loading' }
    case 'open':
      return { status: 'open', src: action.src }
    case 'failed':
      return { status: 'error', error: action.error }
    case 'closed':
      return { status: 'idle' }
    default:
      return action satisfies never
  }
}

/** Closes the widget that is open now, if any: one widget at a time, page-wide. */
let closeActive: (() => void) | undefined

/**
 * Opens the hosted connect widget in an accessible modal, with a consumer token from the
 * token-fetcher (reused while it has life left). Render `widget` somewhere; call `open()`.
 *
 * @example
 * const { open, state, widget } = useConnectWidget({ consumerId, onSuccess: ({ productRequestId }) => save(productRequestId) })
 */
export function useConnectWidget(options: UseConnectWidgetOptions) {
  const { fetchers, serviceUrl, queryClient, messages: overrides } = useIbvContext('ConnectButton')
  const messages = withText(CONNECT_TEXT, overrides)
  const [state, dispatch] = useReducer(reducer, { status: 'idle' })
  const callbacks = useRef(options)
  useEffect(() => {
    callbacks.current = options
  })

  const close = useCallback(() => dispatch({ type: 'closed' }), [])
  const dismiss = useCallback(() => {
    dispatch({ type: 'closed' })
    callbacks.current.onExit?.(null, { status: 'closed_by_user' })
  }, [])

  const open = useCallback(async () => {
    if (state.status === 'loading' || state.status === 'open') return
    closeActive?.()
    closeActive = close
    dispatch({ type: 'loading' })
    try {
      const token = await freshToken(queryClient, fetchers, { type: 'consumer', consumerId: callbacks.current.consumerId })
      const build = callbacks.current.widgetUrl ?? connectWidgetUrl
      dispatch({ type: 'open', src: build(serviceUrl, token.accessToken, window.location.origin) })
    } catch (error) {
      dispatch({ type: 'failed', error })
    }
  }, [state.status, close, queryClient, fetchers, serviceUrl])

  // Origin and window are checked by the dialog; here the data is decoded and dispatched.
  const onMessage = useCallback((data: unknown) => {
    const message = decodeWidgetMessage(data)
    const handlers = callbacks.current
    if (!message) return handlers.onInvalidMessage?.(data)
    if (message.type === 'event') handlers.onEvent?.(message.name, message.metadata)
    if (message.type === 'success') {
      dispatch({ type: 'closed' })
      handlers.onSuccess?.({ productRequestId: message.productRequestId, institution: message.institution })
    }
    if (message.type === 'exit') {
      dispatch({ type: 'closed' })
      handlers.onExit?.(message.error, message.metadata)
    }
  }, [])

  useEffect(
    () => () => {
      if (closeActive === close) closeActive = undefined
    },
    [close],
  )

  const widget: ReactNode =
    state.status === 'open' && state.src
      ? (
          <ConnectDialog
            src={state.src}
            title={messages.connectTitle}
            frameTitle={messages.connectFrameTitle}
            closeLabel={messages.close}
            onMessage={onMessage}
            onDismiss={dismiss}
          />
        )
      : null

  return { open, close, state: state.status, error: state.error, widget }
}
