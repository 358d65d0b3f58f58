import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox, type Sandbox } from '../../src/sandbox/index.js'
import { call } from '../sandbox/call.js'

// Finding 12: `ibv_connection_link` opens the widget for its consumer with no token, and its id
// was a pure function of the consumer id. Anyone who knew (or guessed) a consumer id computed the
// link on their own copy of the sandbox and reconnected the victim's bank as themselves.
async function linkOf(sandbox: Sandbox, consumerId: string): Promise<URL> {
  const created = await call(sandbox, 'POST', '/sandbox/product_requests', {
    consumer_id: consumerId,
    outcome: 'reconnect_required',
  })
  return new URL(created.body.ibv_connection_link as string)
}

describe('reconnect links', () => {
  it('cannot be computed from the consumer id: a link made on another sandbox opens nothing here', async () => {
    const victim = createSandbox({ clock: createManualClock() })
    await linkOf(victim, 'LND-VICTIM')
    const forged = await linkOf(createSandbox({ clock: createManualClock() }), 'LND-VICTIM')
    const opened = await call(victim, 'GET', `${forged.pathname}${forged.search}`, undefined, {})
    expect(opened.status).toBe(404)
    expect(opened.text).not.toContain('<form')
  })

  it('are long random secrets, one per consumer, stable for that consumer', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const first = await linkOf(sandbox, 'LND-1')
    const again = await linkOf(sandbox, 'LND-1')
    const other = await linkOf(sandbox, 'LND-2')
    const id = first.searchParams.get('link') ?? ''
    expect(id).toMatch(/^lnk_[0-9a-f]{48}$/)
    expect(again.href).toBe(first.href)
    expect(other.searchParams.get('link')).not.toBe(id)
    expect(
      (await call(sandbox, 'GET', `${first.pathname}${first.search}`, undefined, {})).status,
    ).toBe(200)
  })

  it('are deterministic under an explicit seed, and differ between seeds', async () => {
    const link = async (seed: number) =>
      (await linkOf(createSandbox({ clock: createManualClock(), seed }), 'LND-1')).href
    expect(await link(7)).toBe(await link(7))
    expect(await link(7)).not.toBe(await link(8))
  })

  it('stop working after a reset', async () => {
    const sandbox = createSandbox({ clock: createManualClock() })
    const link = await linkOf(sandbox, 'LND-1')
    await call(sandbox, 'POST', '/sandbox/reset')
    expect(
      (await call(sandbox, 'GET', `${link.pathname}${link.search}`, undefined, {})).status,
    ).toBe(404)
  })
})
