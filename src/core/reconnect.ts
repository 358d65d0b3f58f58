// What the reconnect prompt says and offers, for any adapter (React's <ReconnectPrompt>, the
// <ibv-reconnect-prompt> element): the texts by reason and audience, the source it reads them
// from, and which links it may show.
import { fill, RECONNECT_TEXT, type IbvAudience, type ReconnectReason } from './messages.js'
import { fieldsOf } from './record.js'
import { institutionIn } from './refresh-outcome.js'
import { reportInstitution } from './report-institution.js'

/** What a source's `kind` (an outcome), `status` (a refresh body) or `ibv_report_status` (a pending body) says. */
const REASONS = new Map<unknown, ReconnectReason>([
  ['reconnect_required', 'reconnect_required'],
  ['invalid_connection', 'invalid_connection'],
  ['data_pull_failed', 'data_pull_failed'],
  ['ibv_data_acquire_failed', 'data_pull_failed'],
  ['refresh_not_ready', 'refresh_not_ready'],
])

/** The reason a value names (a reason, or a status or outcome kind that implies one), else undefined. */
export const reconnectReasonOf = (value: unknown): ReconnectReason | undefined => REASONS.get(value)

/** What a pending body, refresh answer, outcome, webhook payload, exit metadata or report says of a reconnect. */
export interface ReconnectSourceFields {
  reason?: ReconnectReason
  institutionName?: string
  connectionLink?: string
}

/** Reads the reason, the bank and the link from a source as it arrives; a missing source reads as empty. */
export function readReconnectSource(source: unknown): ReconnectSourceFields {
  const values = fieldsOf(source)
  const string = (key: string) => {
    const value = values[key]
    return typeof value === 'string' ? value : undefined
  }
  const message = string('message')
  return {
    reason:
      REASONS.get(values.kind) ??
      REASONS.get(values.status) ??
      REASONS.get(values.ibv_report_status),
    institutionName:
      string('institutionName') ??
      string('institution_name') ??
      reportInstitution(values) ??
      (message ? institutionIn(message) : undefined),
    connectionLink: string('connectionLink') ?? string('ibv_connection_link'),
  }
}

/** Hosts an `http:` link may point at: this computer, where the sandbox runs. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The link when it is an absolute `https:` URL, or an `http:` one on this computer (`127.0.0.1`,
 * `localhost`, `[::1]`: the sandbox), else undefined. A plain-http link elsewhere could be read
 * or rewritten on the way, so it is never offered.
 */
export function safeLink(link: string | undefined): string | undefined {
  if (!link) return undefined
  try {
    const url = new URL(link)
    return url.protocol === 'https:' ||
      (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
      ? url.href
      : undefined
  } catch {
    return undefined
  }
}

/** Why a link is refused, for the log: its scheme, never the rest of the link. */
export function refusedLinkMessage(component: string, link: string): string {
  const scheme = /^[a-z][a-z\d+.-]*:/i.exec(link.trim())?.[0].toLowerCase() ?? 'malformed'
  return `${component} renders no link: the connection link must be an https URL, or http on this computer for the sandbox (got a ${scheme} link).`
}

/** What the prompt is given, each part optional. */
export interface ReconnectInput {
  reason: ReconnectReason
  audience: IbvAudience
  /** The link as given; only an https link, or http on 127.0.0.1, localhost or [::1], is offered. */
  connectionLink?: string
  institutionName?: string
  consumerName?: string
}

/** The prompt's texts and link, ready to render. */
export interface ReconnectCopy {
  title: string
  body: string
  /** The link to offer, or undefined (none given, refused, or a wait that needs no reconnect). */
  link: string | undefined
  /** Borrower voice: the button that opens the link. */
  action: string
  /** Staff voice: the "Send to {consumer}" button. */
  send: string
}

/**
 * The prompt's title, body and link by reason and audience, with `{institution}` and `{consumer}`
 * filled (an empty name is no name). `text` is `RECONNECT_TEXT` with the app's overrides on top.
 */
export function reconnectCopy(
  input: ReconnectInput,
  text: typeof RECONNECT_TEXT = RECONNECT_TEXT,
): ReconnectCopy {
  const staff = input.audience === 'staff'
  const values = {
    institution: input.institutionName || (staff ? text.theirBank : text.yourBank),
    consumer: input.consumerName || text.theApplicant,
  }
  return {
    title: fill((staff ? text.reconnectTitleStaff : text.reconnectTitle)[input.reason], values),
    body: fill((staff ? text.reconnectBodyStaff : text.reconnectBody)[input.reason], values),
    // The 24-hour rule is a wait, not a broken connection: no reconnect is offered for it.
    link: input.reason === 'refresh_not_ready' ? undefined : safeLink(input.connectionLink),
    action: fill(text.reconnectAction, values),
    send: fill(text.reconnectSend, values),
  }
}
