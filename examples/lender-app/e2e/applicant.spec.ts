// The applicant page in Chromium, over HTTP: the real widget in the ConnectButton's dialog, the
// backend, webhooks and the embedded report. Sandbox time moves only by advanceSandboxClock.
import { expect, test } from '@playwright/test'
import { advanceSandboxClock, completeConnect, ibvState } from 'ibv-kit/testing'

// vite.config.ts mounts the sandbox on the app's own dev server.
const sandboxUrl = (baseURL?: string) => `${baseURL}/ibv-sandbox`

test('connect the bank → the report completes → the embedded report shows', async ({
  page,
  baseURL,
}) => {
  const status = page.locator('.ibv-badge__label')
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect bank' }).click()
  expect(await completeConnect(page, { username: 'user_good', password: 'pass_good' })).toBe(
    'success',
  )
  await expect(status).toHaveText('Started')

  // The sandbox produces the report about 6 s later; the page polls and shows it.
  await advanceSandboxClock(sandboxUrl(baseURL), 6)
  await expect(status).toHaveText('Complete')
  await expect.poll(() => ibvState(page, 'embedded-report')).toBe('ready')
})

test('a bank that asks for a code (MFA), then the same report', async ({ page, baseURL }) => {
  const status = page.locator('.ibv-badge__label')
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect bank' }).click()
  expect(
    await completeConnect(page, { username: 'user_mfa', password: 'pass_good', mfaCode: '123456' }),
  ).toBe('success')

  await advanceSandboxClock(sandboxUrl(baseURL), 6)
  await expect(status).toHaveText('Complete')
  await expect.poll(() => ibvState(page, 'embedded-report')).toBe('ready')
})

test('a bank that signs in on its own site (OAuth): Allow in its window, then the same report', async ({
  page,
  baseURL,
}) => {
  const status = page.locator('.ibv-badge__label')
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect bank' }).click()
  // The bank's page opens in a window; completeConnect allows there.
  expect(await completeConnect(page, { institution: 'Wombat Bank (OAuth)', oauth: 'allow' })).toBe(
    'success',
  )

  await advanceSandboxClock(sandboxUrl(baseURL), 6)
  await expect(status).toHaveText('Complete')
  await expect.poll(() => ibvState(page, 'embedded-report')).toBe('ready')
})
