'use client'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { useIbvContext } from './context.js'
import { CONNECT_TEXT, withText } from './messages.js'
import { useConnectWidget, type UseConnectWidgetOptions } from './useConnectWidget.js'
import { classes } from './class-name.js'

export interface ConnectButtonProps
  extends UseConnectWidgetOptions,
    Omit<ComponentPropsWithoutRef<'button'>, 'onError' | keyof UseConnectWidgetOptions> {}

/**
 * A button that opens the connect widget for a consumer.
 *
 * @example
 * <ConnectButton consumerId="LND-42" onSuccess={({ productRequestId }) => setId(productRequestId)} />
 */
export const ConnectButton = forwardRef<HTMLButtonElement, ConnectButtonProps>(function ConnectButton(
  { consumerId, onSuccess, onExit, onEvent, onInvalidMessage, widgetUrl, readyTimeoutMs, children, className, onClick, ...rest },
  ref,
) {
  const messages = withText(CONNECT_TEXT, useIbvContext('ConnectButton').messages)
  const { open, state, widget } = useConnectWidget({ consumerId, onSuccess, onExit, onEvent, onInvalidMessage, widgetUrl, readyTimeoutMs })
  return (
    <>
      <button
        ref={ref}
        type="button"
        {...rest}
        className={classes('ibv-button ibv-connect-button', className)}
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
        <p role="alert" className="ibv-connect-error">
          {messages.connectError}
        </p>
      )}
      {widget}
    </>
  )
})
