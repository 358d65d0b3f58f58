'use client'
// The connect widget's postMessage protocol, decoded from untyped data into a tagged union.

export interface ConnectInstitution {
  id?: string
  name: string
}

/**
 * Why the widget closed without success. `code` is the widget's own (`INVALID_CREDENTIALS`,
 * `TOKEN_EXPIRED`, …), or `WIDGET_UNAVAILABLE` when the widget never said it was ready in its
 * frame (the service unreachable or failing, a Content-Security-Policy that refuses the frame).
 */
export interface ConnectExitError {
  code: 'WIDGET_UNAVAILABLE' | (string & {})
  /** For developers, not for the consumer. */
  message: string
}

/** What the widget says about where the consumer left it; its own snake_case fields stay too. */
export interface ConnectExitMetadata extends Record<string, unknown> {
  /** Where the consumer left: `reconnect_required` when a product request waits for them, `closed_by_user` when the widget said nothing more. */
  status?: string
  /** The product request the consumer left waiting (in `reconnect_required`, after a wrong password or an unfinished MFA step); keep it as for a success. */
  productRequestId?: string
  /** The bank the consumer chose, when they got that far. */
  institutionName?: string
}

export type WidgetMessage =
  | { type: 'event'; name: string; metadata: Record<string, unknown> }
  | { type: 'success'; productRequestId: string; institution: ConnectInstitution }
  | { type: 'exit' | 'pending'; error: ConnectExitError | null; metadata: ConnectExitMetadata }

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): value is string => typeof value === 'string' && value !== ''
const textOr = (value: unknown) => (text(value) ? value : undefined)

/** The message, or undefined when `data` is not one of the widget's messages. */
export function decodeWidgetMessage(data: unknown): WidgetMessage | undefined {
  if (!record(data)) return undefined
  const metadata = record(data.metadata) ? data.metadata : {}
  switch (data.type) {
    case 'ibv:event':
      return text(data.name) ? { type: 'event', name: data.name, metadata } : undefined
    case 'ibv:success': {
      const institution = data.institution
      if (!text(data.product_request_id) || !record(institution) || !text(institution.name)) return undefined
      return {
        type: 'success',
        productRequestId: data.product_request_id,
        institution: text(institution.id) ? { id: institution.id, name: institution.name } : { name: institution.name },
      }
    }
    // ibv:close_requested is Escape inside the widget (keys never leave its frame): the consumer
    // leaves, as with its Exit button, and the message says what Exit would have.
    // ibv:exit_pending says the same on each page of the widget, without leaving: what the dialog's
    // own close button reports when pressed (decoded as 'pending').
    case 'ibv:exit':
    case 'ibv:close_requested':
    case 'ibv:exit_pending': {
      const error = data.error
      if (error != null && (!record(error) || !text(error.code))) return undefined
      const exit: ConnectExitMetadata = {
        ...metadata,
        // A bare close request is the dialog's own close button, pressed inside the frame.
        status: textOr(metadata.status) ?? (data.type === 'ibv:exit' ? undefined : 'closed_by_user'),
        productRequestId: textOr(metadata.product_request_id),
        institutionName: textOr(metadata.institution_name),
      }
      return { type: data.type === 'ibv:exit_pending' ? 'pending' : 'exit', error: record(error) ? { code: error.code as string, message: textOr(error.message) ?? '' } : null, metadata: exit }
    }
    default:
      return undefined
  }
}
