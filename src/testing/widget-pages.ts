// Reading the sandbox widget's pages over HTTP: what each posts to its parent, and its forms.
import { FRAME_MESSAGES } from '../core/frame-protocol.js'
import { hostedPageAttribute } from '../core/hosted-page-data.js'

/** A message the widget posts, as the sandbox page carries it. */
export type PostedMessage = Record<string, unknown> & { type: string }

export interface WidgetRun {
  /** Every message the pages posted, in order, ending with `ibv:success`, `ibv:exit` (after a wrong password) or `OAUTH_CANCELLED`. */
  messages: PostedMessage[]
  /** The request; `null` when the consumer left the bank's page without allowing, or was sent to the bank and not yet back. */
  productRequestId: string | null
  /** Redirect mode: where the bank sent the whole page back (the `redirect_uri` with `oauth_state_id`). The run stops there. */
  redirectedTo?: string
}

/** What one request answered: its page, the messages the page posts, and the address of its first post form. */
export interface WidgetPage {
  url: string
  status: number
  html: string
  posted: PostedMessage[]
  action: string | undefined
}

/** Sends a request and reads the answer as a widget page, or follows nothing: a redirect is returned as its `Location`. */
export type Send = (request: Request) => Promise<Response>

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#34': '"',
  '#39': "'",
}
const unescape = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#34|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
/** The first `name="…"` (or any attribute prefix such as `<form method="post" action`) in `html`, unescaped. */
export const attribute = (html: string, name: string) => {
  const found = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1]
  return found === undefined ? undefined : unescape(found)
}

export const formRequest = (url: string, form?: Record<string, string>) =>
  new Request(
    url,
    form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : {},
  )

/** Opens `url` (a GET, or a POST of `form`) and reads it as a widget page; an error page throws, saying what it posted. */
export async function openPage(
  send: Send,
  url: string,
  messages: PostedMessage[],
  form?: Record<string, string>,
): Promise<WidgetPage> {
  const response = await send(formRequest(url, form))
  const html = await response.text()
  const posted = JSON.parse(
    attribute(html, hostedPageAttribute('messages')) ?? '[]',
  ) as PostedMessage[]
  messages.push(...posted)
  if (!response.ok)
    throw new Error(
      `connect: the widget answered ${response.status}: ${posted.map((message) => JSON.stringify(message)).join(' ') || html.slice(0, 200)}`,
    )
  const action = attribute(html, '<form method="post" action')
  return {
    url,
    status: response.status,
    html,
    posted,
    action: action === undefined ? undefined : new URL(action, url).href,
  }
}

export const types = (messages: PostedMessage[]) =>
  messages
    .map((message) => (message.type === FRAME_MESSAGES.event ? String(message.name) : message.type))
    .join(', ')

/** The run once the last page is read: the request it handed off, or the one a wrong password left waiting. */
export function ending(messages: PostedMessage[], last: WidgetPage): WidgetRun {
  const success = messages.find((message) => message.type === FRAME_MESSAGES.success)
  if (success) return { messages, productRequestId: String(success.product_request_id) }
  const exit = attribute(last.html, hostedPageAttribute('exit'))
  const left = exit ? (JSON.parse(exit) as PostedMessage) : undefined
  const waiting = (left?.metadata as Record<string, unknown> | undefined)?.product_request_id
  if (!left || typeof waiting !== 'string')
    throw new Error(`connect: the widget ended without a product request (${types(messages)})`)
  messages.push(left)
  return { messages, productRequestId: waiting }
}
