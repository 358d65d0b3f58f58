// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { FRAME_MESSAGE_TYPES } from '../../src/core/frame-protocol.js'
import { call } from './call.js'

// The sandbox's pages speak the frame protocol of src/core/frame-protocol.ts: every `ibv:*` type
// they can post (in their scripts, and in the messages each page carries for its script) is one
// the protocol defines, and the scripts take those names from it rather than writing them again.

const IBV_TYPE = /ibv:[a-z_]+/g
/** A source without its comment lines, which may name messages freely. */
const code = (source: string) =>
  source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
    .join('\n')
const found = (text: string) => [...new Set(text.match(IBV_TYPE) ?? [])].sort()

/** Every page a consumer can see in the widget, and the report page (live and expired). */
async function servedText(): Promise<string> {
  const clock = createManualClock()
  const sandbox = createSandbox({ clock, tokenLifetimes: { embedded: 60 } })
  const scripts = await Promise.all(
    ['portal.js', 'widget.js', 'bank.js'].map(
      async (name) => (await call(sandbox, 'GET', `/assets/${name}`, undefined, {})).text,
    ),
  )
  const consumer = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-1' })
  const token = encodeURIComponent(consumer.body.access_token as string)
  const opened = await call(
    sandbox,
    'GET',
    `/connect?token=${token}&origin=${encodeURIComponent('https://lender.test')}`,
    undefined,
    {},
  )
  const action = /<form method="post" action="([^"]+)"/.exec(opened.text)?.[1] ?? ''
  const form = (body: Record<string, string>) =>
    call(sandbox, 'POST', action, new URLSearchParams(body).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    })
  const pages = [
    opened.text,
    (await form({ institution: 'platypus' })).text,
    (await form({ institution: 'platypus', username: 'user_good', password: 'wrong' })).text,
    (await form({ institution: 'wombat_oauth' })).text,
    (await form({ not_listed: '1' })).text,
    (await call(sandbox, 'GET', '/connect?token=nope', undefined, {})).text,
  ]
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', { consumer_id: 'LND-2' })
  const embedded = await call(sandbox, 'POST', '/api/v1/auth/tokens', {
    product_request_id: created.body.product_request_id,
    type: 'embedded_report_token',
  })
  const report = `/portal/embeddable_reports?token=${encodeURIComponent(embedded.body.access_token as string)}`
  pages.push((await call(sandbox, 'GET', report, undefined, {})).text)
  await sandbox.advance(120)
  pages.push((await call(sandbox, 'GET', report, undefined, {})).text)
  sandbox.close()
  return [...scripts, ...pages].join('\n').replaceAll('&#34;', '"')
}

describe("the sandbox's pages and the frame protocol", () => {
  it('post only the ibv:* messages that frame-protocol.ts defines', async () => {
    const posted = found(await servedText())
    expect(posted.filter((type) => !FRAME_MESSAGE_TYPES.includes(type as never))).toEqual([])
    // The pages do say things: a scan that found nothing would prove nothing.
    expect(posted).toEqual(
      expect.arrayContaining(['ibv:ready', 'ibv:resize', 'ibv:exit', 'ibv:token_expired']),
    )
  })

  it("write no ibv:* message type in their scripts' sources: they take them from frame-protocol.ts", () => {
    const folder = new URL('../../src/sandbox/assets/', import.meta.url)
    const literals = readdirSync(folder).flatMap((name) =>
      found(code(readFileSync(new URL(name, folder), 'utf8'))).map((type) => `${name}: ${type}`),
    )
    expect(literals).toEqual([])
  })
})
