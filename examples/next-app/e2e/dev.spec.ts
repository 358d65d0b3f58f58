// On `next dev`: React's development build reports hydration mismatches as console errors that
// the production build leaves out, so the prefetched page is loaded here once too.
import { expect, test } from '@playwright/test'
import { collectProblems, expectReportLoaded, isTokenRequest, newApplication } from './helpers'

test('next dev: the prefetched page hydrates with 0 console errors or warnings', async ({
  page,
}) => {
  const id = await newApplication(page) // the first request compiles the pages: slow
  const problems = collectProblems(page)
  const tokenRequests: string[] = []
  page.on('request', (request) => {
    if (isTokenRequest(request)) tokenRequests.push(request.url())
  })
  await page.goto(`/reports/${encodeURIComponent(id)}`)
  await expectReportLoaded(page)
  await expect(page.locator('.ibv-badge__label')).toHaveText('Started')
  await page.waitForTimeout(1500)
  expect(tokenRequests).toEqual([])
  // Next's dev overlay and HMR log at info/debug level; hydration warnings are console errors.
  expect(problems).toEqual([])
})
