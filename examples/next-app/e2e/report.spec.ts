// The example on `next start` in Chromium: the prefetched report page (the iframe and the badge in
// the server's HTML, no token request from the browser), the same page when authorize refuses
// (the client path runs and is refused visibly), and the client-only page for comparison.
import { expect, test } from '@playwright/test'
import {
  collectProblems,
  expectReportLoaded,
  isTokenRequest,
  newApplication,
  recordIframeLoads,
  timeline,
} from './helpers'

/** The report iframe's src in a server-rendered page, HTML-unescaped; undefined if there is none. */
function iframeSrc(html: string): string | undefined {
  const tag = /<iframe\b[^>]*>/.exec(html)?.[0]
  const src = tag && /\ssrc="([^"]*)"/.exec(tag)?.[1]
  return src?.replaceAll('&amp;', '&')
}

test('the server-rendered HTML holds the iframe with a token the sandbox accepts', async ({
  page,
}) => {
  const id = await newApplication(page)
  // Fetched without JavaScript, with the browser's cookies (the demo session).
  const response = await page.request.get(`/reports/${encodeURIComponent(id)}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('private, no-store')
  const html = await response.text()
  const src = iframeSrc(html)
  expect(src).toMatch(/^\/ibv-sandbox\/portal\/embeddable_reports\?token=[^&"]{16,}/)
  // The badge is in the HTML too: the report's status, as the server read it.
  expect(html).toMatch(/class="ibv-badge[^"]*"[^>]*>.*Started/)

  // The sandbox's report page, not its 401 page for an unknown or expired token.
  const report = await page.request.get(src ?? '')
  expect(report.status()).toBe(200)
  expect(await report.text()).toContain(id)
})

test('prefetched: the iframe loads with no token request from the browser, 0 console errors or warnings', async ({
  page,
}) => {
  const id = await newApplication(page)
  const problems = collectProblems(page)
  const tokenRequests: string[] = []
  page.on('request', (request) => {
    if (isTokenRequest(request)) tokenRequests.push(request.url())
  })
  await recordIframeLoads(page)

  await page.goto(`/reports/${encodeURIComponent(id)}`)
  await expectReportLoaded(page)
  await expect(page.locator('.ibv-badge__label')).toHaveText('Started')
  const { iframeLoad, tokenRequests: timed } = await timeline(page)
  expect(iframeLoad).toBeDefined()
  expect(timed.filter((start) => start < (iframeLoad ?? 0))).toEqual([])
  // Give hydration, the first status poll and any token renewal time to happen, then count again:
  // the prefetched token is minutes from its renewal, so the browser never asked for one.
  await page.waitForTimeout(1500)
  expect(tokenRequests).toEqual([])
  expect(problems).toEqual([])
})

test('authorize refuses (no session cookie): no token in the HTML, the client path runs and is refused visibly', async ({
  page,
  browser,
}) => {
  const id = await newApplication(page)
  const stranger = await browser.newPage() // a new context: no demo session
  try {
    const html = await (await stranger.request.get(`/reports/${encodeURIComponent(id)}`)).text()
    expect(iframeSrc(html)).toBeUndefined()
    expect(html).not.toContain('token=')
    expect(html).not.toContain('access_token')

    const problems = collectProblems(stranger)
    const refused: number[] = []
    stranger.on('response', (response) => {
      if (isTokenRequest(response.request())) refused.push(response.status())
    })
    await stranger.goto(`/reports/${encodeURIComponent(id)}`)
    await expect(stranger.locator('.ibv-embedded-report')).toHaveAttribute('data-state', 'error', {
      timeout: 15_000,
    })
    await expect(stranger.locator('.ibv-embedded-report [role="alert"]')).toContainText(
      'The report could not be loaded',
    )
    await expect(stranger.locator('.ibv-embedded-report iframe')).toHaveCount(0)
    expect(refused).toEqual([403]) // asked once; a 4xx is not retried
    // The only console lines are Chromium's for the refused requests (the token, the report).
    expect(
      problems.filter(
        (line) => !/Failed to load resource: the server responded with a status of 403/.test(line),
      ),
    ).toEqual([])
  } finally {
    await stranger.close()
  }
})

test('client-only page: the browser asks for the token, then the report loads', async ({
  page,
}) => {
  const id = await newApplication(page)
  const problems = collectProblems(page)
  const tokenRequests: number[] = []
  page.on('response', (response) => {
    if (isTokenRequest(response.request())) tokenRequests.push(response.status())
  })
  await recordIframeLoads(page)

  const response = await page.goto(`/reports/${encodeURIComponent(id)}/client`)
  expect(iframeSrc((await response?.text()) ?? '')).toBeUndefined() // nothing in the server's HTML
  await expectReportLoaded(page)
  await expect(page.locator('.ibv-badge__label')).toHaveText('Started')
  expect(tokenRequests).toEqual([200])
  const { iframeLoad, tokenRequests: timed } = await timeline(page)
  expect(timed).toHaveLength(1)
  expect(timed[0]).toBeLessThan(iframeLoad ?? 0)
  expect(problems).toEqual([])
})
