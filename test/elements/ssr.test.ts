// @vitest-environment node
import { describe, expect, it } from 'vitest'

// A server (server rendering, a Node script) may import the elements entry: nothing it runs at
// import, and nothing defineIbvElements() or configureIbv() do there, needs a browser global.
describe('ibv-kit/elements on a server', () => {
  it('imports, configures and defines nothing, with no window, HTMLElement or customElements', async () => {
    const globals = globalThis as {
      window?: unknown
      HTMLElement?: unknown
      customElements?: unknown
    }
    expect([
      typeof globals.window,
      typeof globals.HTMLElement,
      typeof globals.customElements,
    ]).toEqual(['undefined', 'undefined', 'undefined'])
    const elements = await import('../../src/elements/index.js')
    elements.configureIbv({ serviceUrl: 'https://ibv.example.com' })
    expect(() => elements.defineIbvElements()).not.toThrow()
    for (const define of [
      elements.defineEmbeddedReport,
      elements.defineReportStatusBadge,
      elements.defineReconnectPrompt,
      elements.defineConnectButton,
    ])
      expect(() => define()).not.toThrow()
    expect([
      typeof globals.window,
      typeof globals.HTMLElement,
      typeof globals.customElements,
    ]).toEqual(['undefined', 'undefined', 'undefined'])
  })
})
