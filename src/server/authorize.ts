/** What the browser asks for; `authorize` decides. */
export interface AuthorizeContext {
  /** The browser's request: read its session cookie or bearer token here. */
  request: Request
  /**
   * `token`, `report`, `refresh`, `events` (opening the stream), `event` (one event on it) or
   * `invite` (staff creating an invite link for `consumerId`, or reading its invites). A borrower using an invite is not
   * asked about: the signed invite is their credential.
   */
  action: 'token' | 'report' | 'refresh' | 'events' | 'event' | 'invite'
  /** For `token`: which kind. */
  kind?: 'consumer' | 'embedded_report_token'
  consumerId?: string
  productRequestId?: string
}

/** The lender's `authorize`, asked the backend's way: only `true` allows, and a throw refuses (told to `onError`). */
export function askingAuthorize(
  authorize: (context: AuthorizeContext) => boolean | Promise<boolean>,
  onError: (error: unknown) => void,
) {
  return async (context: AuthorizeContext): Promise<boolean> => {
    try {
      return (await authorize(context)) === true
    } catch (error) {
      onError(error)
      return false
    }
  }
}
