'use client'
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import {
  createConnectSession,
  type ConnectSessionOptions,
  type ConnectWidgetCallbacks,
  type ConnectWidgetSubject,
} from '../core/index.js'
import { ConnectDialog } from './ConnectDialog.js'
import { useIbvContext } from './context.js'
import { CONNECT_TEXT, withText } from '../core/messages.js'
import type { TokenRequest } from '../core/fetchers.js'
import { freshToken } from './token-cache.js'
import { listenToPage } from '../core/page-events.js'
import * as ibvKeys from '../core/query-keys.js'

export type {
  ConnectSuccess,
  ConnectWidgetSubject,
  ConnectWidgetCallbacks,
  ConnectWidgetState,
} from '../core/index.js'

/** The options of `useConnectWidget`: whose bank, and the callbacks. */
export type UseConnectWidgetOptions = ConnectWidgetSubject & ConnectWidgetCallbacks

/**
 * Opens the hosted connect widget in an accessible modal, with a consumer token from the
 * token-fetcher (reused while it has life left). Render `widget` somewhere; call `open()`. When no
 * token can be had, `state` is `error`, `error` the typed `IbvError` (its `source` says which side
 * failed), and `onError` is called once with it.
 *
 * Banks that sign in with OAuth open their page in a window by default. With `redirectUri`, they
 * send the whole page to the bank instead, and the bank sends it back to `redirectUri`: that page
 * calls the hook again with `receivedRedirectUri`, and the widget opens by itself where the
 * applicant left it (see `receivedRedirectUri`).
 *
 * @example
 * const { open, state, widget } = useConnectWidget({ consumerId, onSuccess: ({ productRequestId }) => save(productRequestId) })
 *
 * @example
 * // The lender's redirect page, at /applicants/LND-42/bank-return: the bank returns here.
 * const { widget } = useConnectWidget({
 *   consumerId: 'LND-42',
 *   redirectUri: `${window.location.origin}/applicants/LND-42/bank-return`,
 *   receivedRedirectUri: window.location.href,
 *   onSuccess: ({ productRequestId }) => save(productRequestId),
 * })
 */
export function useConnectWidget(options: UseConnectWidgetOptions) {
  const {
    fetchers,
    serviceUrl,
    serviceOrigins,
    queryClient,
    messages,
    locale,
    localeParam,
    readyTimeoutMs,
    connectScope,
  } = useIbvContext('ConnectButton')
  // Neither an invite nor a consumer id: the backend's 400 says consumer_id is required.
  const { invite, consumerId = '', onSuccess } = options
  const request: TokenRequest = invite
    ? { type: 'invite', invite }
    : { type: 'consumer', consumerId }
  // Every render's options reach the session (`setOptions` below), read at the next open: a new
  // `fetchers`, `serviceUrl` or `locale` (this hook's or the provider's) takes effect then. The
  // session's token is the provider's token store's, shared with every other use of the request.
  const sessionOptions: ConnectSessionOptions = {
    ...options,
    serviceUrl,
    serviceOrigins,
    locale: locale?.code,
    localeParam,
    readyTimeoutMs: options.readyTimeoutMs ?? readyTimeoutMs,
    getToken: (stale) => freshToken(queryClient, fetchers, request, serviceUrl, {}, stale),
    listen: listenToPage,
    completeInvite: fetchers.completeInvite?.bind(fetchers),
    onSuccess(success) {
      // A reconnect continues the same request: its report, if shown, is polled fast again.
      void queryClient.invalidateQueries({ queryKey: ibvKeys.report(success.productRequestId) })
      onSuccess?.(success)
    },
  }
  const [session] = useState(() => createConnectSession(sessionOptions, connectScope))
  // Read when something happens: new callbacks alone change nothing shown.
  useEffect(() => session.setOptions(sessionOptions))
  useEffect(() => () => session.close(), [session])
  // On the page a bank sent the applicant back to: the widget opens by itself, once.
  useEffect(() => void session.resume(), [session, options.receivedRedirectUri])
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)

  const widget: ReactNode = snapshot.src ? (
    <ConnectDialog
      session={session}
      snapshot={snapshot}
      text={withText(CONNECT_TEXT, messages)}
      lang={locale?.code}
    />
  ) : null
  return {
    open: session.open,
    close: session.close,
    state: snapshot.state,
    error: snapshot.error,
    widget,
  }
}
