'use client'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { useIbvContext } from './context.js'
import { CONNECT_TEXT, withText } from '../core/messages.js'
import { CONNECT_BUTTON_CLASS } from '../core/component-names.js'
import {
  useConnectWidget,
  type ConnectWidgetCallbacks,
  type UseConnectWidgetOptions,
} from './useConnectWidget.js'
import { classes } from './class-name.js'

/** `consumerId` or `invite` (exactly one), the widget's callbacks, and a button's own props. */
export type ConnectButtonProps = UseConnectWidgetOptions &
  Omit<
    ComponentPropsWithoutRef<'button'>,
    'onError' | 'consumerId' | 'invite' | keyof ConnectWidgetCallbacks
  >

/**
 * A button that opens the connect widget for a consumer: by `consumerId` on the lender's own
 * pages, or by `invite` on the borrower's page an invite link opened (an expired, used or altered
 * link shows a message saying to ask the lender for a new one).
 *
 * Banks that sign in with OAuth open their page in a window; with `redirectUri` (for webviews and
 * browsers that block windows) they send the whole page to the bank, which sends it back to your
 * `redirectUri` page. There the button takes `receivedRedirectUri={window.location.href}`, and the
 * widget opens by itself where the applicant left it, once, ending in `onSuccess` or `onExit`.
 *
 * @example
 * <ConnectButton consumerId="LND-42" onSuccess={({ productRequestId }) => setId(productRequestId)} onError={(error) => console.error(error.source, error.code)} />
 * <ConnectButton invite={new URLSearchParams(location.search).get('ibv_invite') ?? ''} />
 *
 * @example
 * // The lender's redirect page, at /applicants/LND-42/bank-return: the bank returns here.
 * <ConnectButton
 *   consumerId="LND-42"
 *   redirectUri={`${window.location.origin}/applicants/LND-42/bank-return`}
 *   receivedRedirectUri={window.location.href}
 *   onSuccess={({ productRequestId }) => setId(productRequestId)}
 *   onExit={(error) => error?.code === 'OAUTH_STATE_INVALID' && showStartOver()}
 * />
 */
export const ConnectButton = forwardRef<HTMLButtonElement, ConnectButtonProps>(
  function ConnectButton(
    {
      consumerId,
      invite,
      onSuccess,
      onExit,
      onError,
      onEvent,
      onInvalidMessage,
      widgetUrl,
      readyTimeoutMs,
      redirectUri,
      receivedRedirectUri,
      children,
      className,
      onClick,
      ...rest
    },
    ref,
  ) {
    const context = useIbvContext('ConnectButton')
    const messages = withText(CONNECT_TEXT, context.messages)
    // Taken apart from props that are one side of the union, so put back together as that union.
    const options = {
      consumerId,
      invite,
      onSuccess,
      onExit,
      onError,
      onEvent,
      onInvalidMessage,
      widgetUrl,
      readyTimeoutMs,
      redirectUri,
      receivedRedirectUri,
    } as UseConnectWidgetOptions
    const { open, state, error, widget } = useConnectWidget(options)
    // The backend's 401 for an invite: expired, used or altered. The borrower can only ask for a new one.
    const refused = invite !== undefined && error?.status === 401
    return (
      <>
        <button
          ref={ref}
          type="button"
          lang={context.locale?.code}
          {...rest}
          // A refused link stays refused: the borrower can only ask the lender for a new one.
          disabled={refused || rest.disabled}
          className={classes(`ibv-button ${CONNECT_BUTTON_CLASS}`, className)}
          data-state={state}
          aria-busy={state === 'loading' || undefined}
          onClick={(event) => {
            onClick?.(event)
            if (!event.defaultPrevented) void open()
          }}
        >
          {children ?? messages.connectBank}
        </button>
        {state === 'error' && (
          <p role="alert" lang={context.locale?.code} className="ibv-connect-error">
            {refused ? messages.inviteRefused : messages.connectError}
          </p>
        )}
        {widget}
      </>
    )
  },
)
