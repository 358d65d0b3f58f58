import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { heldToken, isUsable, prefetchedToken } from '../../src/core/held-token.js'
import { tokenResponseSchema } from '../../src/core/schemas.js'
import { parseTokenResponse } from '../../src/core/token-lifetime.js'

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('one check of a token answer', () => {
  // The zod schema and parseTokenResponse once disagreed: the schema took any number or string.
  const answers = [1800, '1800', ' 1800 ', 0, -5, 0.5, 'abc', '', 1e12, '12e3', Number.NaN].map(
    (expires_in) => ({ access_token: 'sbx_a', expires_in }),
  )

  it.each(answers)('the schema and parseTokenResponse agree on %o', (answer) => {
    let parsed = true
    try {
      parseTokenResponse(answer)
    } catch {
      parsed = false
    }
    expect(tokenResponseSchema.safeParse(answer).success).toBe(parsed)
  })
})

describe('a prefetched token', () => {
  const issued = { access_token: 'sbx_p', expires_in: 1800, issued_at: NOW - 10 * 60_000 }

  it('keeps its real expiry, and is not used for a new load past its renewal time', () => {
    const token = prefetchedToken(issued, 120, false)!
    expect(token.expiresAt).toBe(issued.issued_at + 1800 * 1000)
    expect(token.renewAt).toBe(token.expiresAt - 120_000)
    expect(isUsable(token)).toBe(true)
    vi.setSystemTime(token.renewAt + 1)
    expect(isUsable(token)).toBe(false)
    expect(token.expiresAt - Date.now()).toBeGreaterThan(60_000)
  })

  it('while hydrating, is given past its renewal time (with its real expiry), to match the server HTML', () => {
    vi.setSystemTime(issued.issued_at + 1700 * 1000)
    expect(prefetchedToken(issued, 120, false)).toBeUndefined()
    const token = prefetchedToken(issued, 120, true)!
    expect(token.expiresAt).toBe(issued.issued_at + 1800 * 1000)
    expect(isUsable(token)).toBe(false)
  })

  it('a token fetched in the browser is usable until 5 s before its expiry', () => {
    const token = heldToken({ access_token: 'sbx_b', expires_in: 1800 }, NOW)
    vi.setSystemTime(token.expiresAt - 5_001)
    expect(isUsable(token)).toBe(true)
    vi.setSystemTime(token.expiresAt - 5_000)
    expect(isUsable(token)).toBe(false)
  })
})
