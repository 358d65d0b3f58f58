import { expect, type Page, type Request } from '@playwright/test'

/** Signs in (the demo's session cookie) and creates an application through the index page; its product request id. */
export async function newApplication(page: Page): Promise<string> {
  await page.goto('/')
  await page.getByRole('button', { name: 'New demo application' }).click()
  await page.waitForURL(/\/reports\/[^/]+$/)
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
}

/** Records, in the page's own clock, when each report iframe fires `load` (installed before any page script runs). */
export async function recordIframeLoads(page: Page) {
  await page.addInitScript(() => {
    const loads: number[] = []
    Object.assign(window, { __iframeLoads: loads })
    // `load` does not bubble, but a capturing listener on the document sees it on every iframe,
    // including one that the server's HTML holds and that loads before hydration.
    document.addEventListener(
      'load',
      (event) => {
        if (event.target instanceof HTMLIFrameElement) loads.push(performance.now())
      },
      true,
    )
  })
}

/**
 * When the first report iframe fired `load`, and when each token request started, in the page's
 * clock. Waits for that `load` (`data-state="ready"` can come first: the report page says its
 * height, by postMessage, before its own load ends).
 */
export async function timeline(
  page: Page,
): Promise<{ iframeLoad: number | undefined; tokenRequests: number[] }> {
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __iframeLoads: number[] }).__iframeLoads.length),
    )
    .toBeGreaterThan(0)
  return page.evaluate(() => ({
    iframeLoad: (window as unknown as { __iframeLoads: number[] }).__iframeLoads[0],
    tokenRequests: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/ibv/tokens')
      .map((entry) => entry.startTime),
  }))
}

export const isTokenRequest = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/ibv/tokens'

/** Console errors and warnings and uncaught page errors, from now on. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** The report iframe in the page, loaded: its data-state is `ready` once its `load` has fired. */
export async function expectReportLoaded(page: Page) {
  await expect(page.locator('.ibv-embedded-report')).toHaveAttribute('data-state', 'ready', {
    timeout: 15_000,
  })
  await expect(page.locator('.ibv-embedded-report iframe')).toHaveAttribute(
    'src',
    /\/ibv-sandbox\/portal\/embeddable_reports\?token=/,
  )
}
