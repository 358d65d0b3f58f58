// The sandbox's hosted widget, completed over HTTP as a consumer would (no browser): the pages are
// server-rendered forms that carry, in `data-ibv-messages`, the messages each posts to its parent.

/** How the consumer goes through the widget; each is one of the sandbox's test credentials. */
export type ConnectOutcome = 'complete' | 'mfa' | 'wrong_password' | 'acquire_failed' | 'generation_failed'

const CREDENTIALS: Record<ConnectOutcome, { username: string; password: string; code?: string }> = {
  complete: { username: 'user_good', password: 'pass_good' },
  mfa: { username: 'user_mfa', password: 'pass_good', code: '123456' },
  wrong_password: { username: 'user_good', password: 'wrong-password' },
  acquire_failed: { username: 'user_acquire_fail', password: 'pass_good' },
  generation_failed: { username: 'user_generation_fail', password: 'pass_good' },
}

/** A message the widget posts, as the sandbox page carries it. */
export type PostedMessage = Record<string, unknown> & { type: string }

export interface WidgetRun {
  /** Every message the pages posted, in order, ending with `ibv:success` or (after a wrong password) `ibv:exit`. */
  messages: PostedMessage[]
  productRequestId: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#34': '"', '#39': "'" }
const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|#34|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
const attribute = (html: string, name: string) => {
  const found = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1]
  return found === undefined ? undefined : unescape(found)
}

/**
 * Opens `widgetUrl` (`…/connect?token=…&origin=…`) with `send` and goes through it with the
 * credentials of `outcome`: resolves to what its pages posted and the product request id. After a
 * wrong password the consumer leaves with Exit, as the widget's `ibv:exit` says.
 */
export async function runWidget(send: (request: Request) => Promise<Response>, widgetUrl: string, outcome: ConnectOutcome = 'complete'): Promise<WidgetRun> {
  const credentials = CREDENTIALS[outcome]
  if (!credentials) throw new TypeError(`connect: outcome must be one of ${Object.keys(CREDENTIALS).join(', ')}, not ${String(outcome)}.`)
  const messages: PostedMessage[] = []
  const open = async (url: string, form?: Record<string, string>) => {
    const response = await send(
      new Request(url, form ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() } : {}),
    )
    const html = await response.text()
    const posted = JSON.parse(attribute(html, 'data-ibv-messages') ?? '[]') as PostedMessage[]
    messages.push(...posted)
    if (!response.ok) throw new Error(`connect: the widget answered ${response.status}: ${posted.map((message) => JSON.stringify(message)).join(' ') || html.slice(0, 200)}`)
    const action = attribute(html, '<form method="post" action')
    return { html, posted, action: action === undefined ? undefined : new URL(action, url).href }
  }
  const first = await open(widgetUrl)
  if (!first.action) throw new Error(`connect: the widget showed no form (${first.posted.map((message) => message.type).join(', ')})`)
  // Step 1 chooses the bank (Platypus Bank, a test institution); step 2 signs in to it.
  const chosen = await open(first.action, { institution: 'platypus' })
  if (!chosen.action) throw new Error(`connect: the widget showed no sign-in form (${chosen.posted.map((message) => message.type).join(', ')})`)
  let page = await open(chosen.action, { institution: 'platypus', username: credentials.username, password: credentials.password })
  if (credentials.code && page.action) page = await open(page.action, { code: credentials.code })

  const success = messages.find((message) => message.type === 'ibv:success')
  if (success) return { messages, productRequestId: String(success.product_request_id) }
  const exit = attribute(page.html, 'data-ibv-exit')
  const left = exit ? (JSON.parse(exit) as PostedMessage) : undefined
  const waiting = (left?.metadata as Record<string, unknown> | undefined)?.product_request_id
  if (!left || typeof waiting !== 'string') throw new Error(`connect: the widget ended without a product request (${messages.map((message) => message.type).join(', ')})`)
  messages.push(left)
  return { messages, productRequestId: waiting }
}
