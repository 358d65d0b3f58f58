// @vitest-environment node
import { describe, expect, it } from 'vitest'

describe('ibv-kit/core on a server', () => {
  it('loads and works with no window or document', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const core = await import('../../src/core/index.js')
    expect(core.describeStatus('complete').label).toBe('Complete')
    expect(core.embeddedReportUrl('https://s.test', 't')).toBe(
      'https://s.test/portal/embeddable_reports?token=t',
    )
  })

  it('and so does the browser entry, which only re-exports core for now', async () => {
    const entry = await import('../../src/index.js')
    expect(entry.describeStatus('reconnect_required').needsReconnect).toBe(true)
  })
})
