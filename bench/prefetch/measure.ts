// For bench/prefetch.ts: one page load in Chromium, read from the page's own timeline (its
// performance.now() starts at navigation start) once the report iframe has loaded.
import type { Browser } from 'playwright-core'

/** Milliseconds from navigation start, and requests made before the report iframe's load. */
export interface Load {
  /** The report iframe's `load` (a capturing listener placed by the page's inline script). */
  iframeLoad: number
  /** The HTML's arrival: responseEnd of the navigation. */
  htmlEnd: number
  /** When the iframe's document was requested (its resource timing entry). */
  iframeStart: number
  /** The client bundle started running (NaN without one). */
  scriptStart: number
  /** The browser's requests before the iframe's load: the page, its resources, the iframe document and the iframe's own resources. */
  requests: number
  /** The browser's token request (POST /api/ibv/tokens), start and responseEnd; NaN without one. */
  tokenStart: number
  tokenEnd: number
  /** Of those, to the backend (/api/ibv). */
  backendRequests: number
  hydrationErrors: number
}

export async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url)
    // And, where the page has the client bundle, until it ran (its resource entries are in by then).
    const ready = () =>
      window.__bench.iframeLoad !== undefined &&
      (window.__bench.scriptStart !== undefined || !document.querySelector('script[type=module]'))
    await page.waitForFunction(ready, undefined, { timeout: 30_000 })
    return await page.evaluate(() => {
      const bench = window.__bench
      const iframeLoad = bench.iframeLoad!
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const before = resources.filter((entry) => entry.startTime < iframeLoad)
      const frame = document.querySelector<HTMLIFrameElement>('iframe.ibv-embedded-report__frame')
      const document_ = before.find(
        (entry) => entry.initiatorType === 'iframe' && entry.name.includes('/ibv-sandbox/'),
      )
      const token = before.find((entry) => new URL(entry.name).pathname === '/api/ibv/tokens')
      const inside = frame?.contentWindow?.performance.getEntriesByType('resource') ?? []
      return {
        iframeLoad,
        htmlEnd: navigation.responseEnd,
        iframeStart: document_?.startTime ?? Number.NaN,
        scriptStart: bench.scriptStart ?? Number.NaN,
        tokenStart: token?.startTime ?? Number.NaN,
        tokenEnd: token?.responseEnd ?? Number.NaN,
        requests: 1 + before.length + inside.length,
        backendRequests: before.filter((entry) =>
          new URL(entry.name).pathname.startsWith('/api/ibv/'),
        ).length,
        hydrationErrors: bench.hydrationErrors,
      }
    })
  } finally {
    await context.close()
  }
}
