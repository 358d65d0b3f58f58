// The `ibv:*` frame protocol: the messages the service's hosted pages (the connect widget and the
// report page) and the page that embeds them post to each other, as typed data. The sandbox's
// pages speak it, the React components and custom elements read it, the test kit replays it.
// What arrives is untrusted: the decoders below turn any value into a message or `undefined`,
// after the caller has checked the sender (the service's origin and one of its own frames).

/** The bank a person chose in the widget. */
export interface ConnectInstitution {
  id?: string
  name: string
}

/**
 * Why the widget closed without success. `code` is the widget's own (`INVALID_CREDENTIALS`,
 * `TOKEN_EXPIRED`, `OAUTH_STATE_INVALID` for a return from an OAuth bank it cannot resume,
 * `INVALID_REDIRECT_URI`, …), or `WIDGET_UNAVAILABLE` when the widget never said it was ready in
 * its frame (the service unreachable or failing, a Content-Security-Policy that refuses the frame).
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

/** What the connect widget's page posts to the page that embeds it, as sent. */
export type WidgetPageMessage =
  | { type: 'ibv:ready' }
  | { type: 'ibv:resize'; height: number }
  | { type: 'ibv:event'; name: string; metadata: Record<string, unknown> }
  | { type: 'ibv:success'; product_request_id: string; institution: { id: string; name: string } }
  // `error` is null when the consumer simply left.
  | { type: 'ibv:exit'; error: ConnectExitError | null; metadata: Record<string, unknown> }
  // Escape inside the widget (keys never leave its frame), with what `ibv:exit` would carry, if anything.
  | {
      type: 'ibv:close_requested'
      error?: ConnectExitError | null
      metadata?: Record<string, unknown>
    }
  // On each page of the widget: what leaving now would report, without leaving.
  | { type: 'ibv:exit_pending'; error: ConnectExitError | null; metadata: Record<string, unknown> }

/** What the report page posts to the page that embeds it, as sent. */
export type ReportPageMessage =
  { type: 'ibv:ready' } | { type: 'ibv:resize'; height: number } | { type: 'ibv:token_expired' }

/**
 * What an embedding page posts to a hosted page: `ibv:hello` asks a report page that loaded before
 * anyone listened to say `ibv:ready` and its height again; `ibv:close_requested` asks the widget
 * to leave as its Exit button would.
 */
export type EmbedderMessage = { type: 'ibv:hello' } | { type: 'ibv:close_requested' }

/** The type of every message of the protocol, whoever posts it. */
export type FrameMessageType = (WidgetPageMessage | ReportPageMessage | EmbedderMessage)['type']

/**
 * The type of every `ibv:*` message, by what it says: the names as the sandbox's page scripts
 * (strings sent to a browser, which no type reaches) post them.
 */
export const FRAME_MESSAGES = {
  ready: 'ibv:ready',
  resize: 'ibv:resize',
  event: 'ibv:event',
  success: 'ibv:success',
  exit: 'ibv:exit',
  closeRequested: 'ibv:close_requested',
  exitPending: 'ibv:exit_pending',
  tokenExpired: 'ibv:token_expired',
  hello: 'ibv:hello',
} as const satisfies Record<string, FrameMessageType>

// A type of the unions above left out of FRAME_MESSAGES fails to compile here, naming it.
type Unnamed = Exclude<FrameMessageType, (typeof FRAME_MESSAGES)[keyof typeof FRAME_MESSAGES]>

/** Every `ibv:*` message type of the protocol. */
export const FRAME_MESSAGE_TYPES: readonly FrameMessageType[] = Object.values(
  FRAME_MESSAGES,
) satisfies [Unnamed] extends [never] ? readonly FrameMessageType[] : Unnamed

/** `ibv:hello`, as an embedding page posts it to a report page. */
export const HELLO_MESSAGE: EmbedderMessage = { type: 'ibv:hello' }

/** The widget's messages, decoded (camelCase, validated). */
export type WidgetMessage =
  | { type: 'ready' }
  | { type: 'resize'; height: number }
  | { type: 'event'; name: string; metadata: Record<string, unknown> }
  | { type: 'success'; productRequestId: string; institution: ConnectInstitution }
  | { type: 'exit' | 'pending'; error: ConnectExitError | null; metadata: ConnectExitMetadata }

/** The report page's messages, decoded. */
export type ReportMessage =
  { type: 'ready' } | { type: 'resize'; height: number } | { type: 'token_expired' }

/** The tallest height a hosted page may report, in CSS pixels; anything above is noise. */
export const MAX_FRAME_HEIGHT = 100_000

/**
 * How long a hosted page (the connect widget, the report) has to say it is ready, in its frame,
 * before the component shows its own error. The browser's error page (service down, a 500, a
 * Content-Security-Policy that refuses the frame) fires `load` like any page but never speaks the
 * protocol, so only a message counts.
 */
export const DEFAULT_READY_TIMEOUT_MS = 10_000

const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): value is string => typeof value === 'string' && value !== ''
const textOr = (value: unknown) => (text(value) ? value : undefined)

/**
 * Whether `data` is any message of the protocol (`{ type: 'ibv:…' }`): a hosted page that says
 * anything at all is there. Not its frame's `load` event: the browser's own error page (nothing
 * listening, a 500, a frame the CSP refuses) fires that too, and never speaks.
 */
export function isFrameMessage(data: unknown): boolean {
  return record(data) && typeof data.type === 'string' && data.type.startsWith('ibv:')
}

/** A reported height, rounded up: a positive number up to `MAX_FRAME_HEIGHT`, else undefined. */
function height(data: Record<string, unknown>): number | undefined {
  const value = data.height
  return typeof value === 'number' && value > 0 && value <= MAX_FRAME_HEIGHT
    ? Math.ceil(value)
    : undefined
}

/** The report page's message, or undefined when `data` is not one. */
export function decodeReportMessage(data: unknown): ReportMessage | undefined {
  if (!record(data)) return undefined
  if (data.type === 'ibv:ready') return { type: 'ready' }
  if (data.type === 'ibv:token_expired') return { type: 'token_expired' }
  const reported = data.type === 'ibv:resize' ? height(data) : undefined
  return reported ? { type: 'resize', height: reported } : undefined
}

/** The widget's message, or undefined when `data` is not one. */
export function decodeWidgetMessage(data: unknown): WidgetMessage | undefined {
  if (!record(data)) return undefined
  const metadata = record(data.metadata) ? data.metadata : {}
  switch (data.type) {
    case 'ibv:ready':
      return { type: 'ready' }
    case 'ibv:resize': {
      const reported = height(data)
      return reported ? { type: 'resize', height: reported } : undefined
    }
    case 'ibv:event':
      return text(data.name) ? { type: 'event', name: data.name, metadata } : undefined
    case 'ibv:success': {
      const institution = data.institution
      if (!text(data.product_request_id) || !record(institution) || !text(institution.name))
        return undefined
      return {
        type: 'success',
        productRequestId: data.product_request_id,
        institution: text(institution.id)
          ? { id: institution.id, name: institution.name }
          : { name: institution.name },
      }
    }
    // ibv:close_requested is Escape inside the widget: the consumer leaves, as with its Exit
    // button, and the message says what Exit would have. ibv:exit_pending says the same on each
    // page of the widget, without leaving: what the dialog's own close button reports when
    // pressed (decoded as 'pending').
    case 'ibv:exit':
    case 'ibv:close_requested':
    case 'ibv:exit_pending': {
      const error = data.error
      if (error != null && (!record(error) || !text(error.code))) return undefined
      const exit: ConnectExitMetadata = {
        ...metadata,
        // A bare close request is the dialog's own close button, pressed inside the frame.
        status:
          textOr(metadata.status) ?? (data.type === 'ibv:exit' ? undefined : 'closed_by_user'),
        productRequestId: textOr(metadata.product_request_id),
        institutionName: textOr(metadata.institution_name),
      }
      return {
        type: data.type === 'ibv:exit_pending' ? 'pending' : 'exit',
        error: record(error)
          ? { code: error.code as string, message: textOr(error.message) ?? '' }
          : null,
        metadata: exit,
      }
    }
    default:
      return undefined
  }
}
