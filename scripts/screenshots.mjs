// npm run screenshots: starts the demo (and Storybook) on 127.0.0.1, walks through them in
// headless Chromium and writes the PNGs the README shows into docs/screenshots/.
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { createServer } from 'vite'
import { chromiumArgs, chromiumPath } from './chromium.mjs'

const out = 'docs/screenshots'
mkdirSync(out, { recursive: true })

const server = await createServer({
  configFile: 'vite.config.ts',
  server: { port: 5190, strictPort: false, host: '127.0.0.1' },
  logLevel: 'error',
})
await server.listen()
const demo = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5190/'
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })

try {
  const page = await browser.newPage({
    viewport: { width: 1360, height: 900 },
    colorScheme: 'light',
  })
  /** @type {string[]} */
  const problems = []
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(demo)
  await page.getByRole('button', { name: /Ada Okafor/ }).waitFor()
  await page
    .frameLocator('.ibv-embedded-report__frame')
    .getByText('Income and bank verification')
    .waitFor({ timeout: 15_000 })
  await page.waitForTimeout(500)
  await page.screenshot({ path: `${out}/demo-hosted-report.png` })

  await page.getByRole('button', { name: 'Native view' }).click()
  await page.getByRole('article').waitFor()
  await page.screenshot({ path: `${out}/demo-native-report.png` })

  await page.getByRole('button', { name: /Mateo Rossi/ }).click()
  await page.getByRole('region', { name: /^Ask Mateo to reconnect/ }).waitFor()
  await page.screenshot({ path: `${out}/demo-reconnect.png` })

  await page.getByRole('button', { name: /Priya Raman/ }).click()
  await page.getByRole('button', { name: 'Connect bank' }).click()
  const widget = page.frameLocator('dialog iframe')
  await widget.getByRole('button', { name: 'Platypus Bank' }).click()
  await widget.getByLabel('Username').fill('user_good')
  await widget.getByLabel('Password').fill('pass_good')
  await page.screenshot({ path: `${out}/demo-connect-widget.png` })
  await widget.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  await page.getByText('The report is being prepared').waitFor()
  await page
    .frameLocator('.ibv-embedded-report__frame')
    .getByText('Income and bank verification')
    .waitFor({ timeout: 20_000 })
  await page.screenshot({ path: `${out}/demo-connected.png` })

  const dark = await browser.newPage({
    viewport: { width: 1360, height: 900 },
    colorScheme: 'dark',
  })
  await dark.goto(demo)
  await dark
    .frameLocator('.ibv-embedded-report__frame')
    .getByText('Income and bank verification')
    .waitFor({ timeout: 15_000 })
  await dark.waitForTimeout(500)
  await dark.screenshot({ path: `${out}/demo-dark.png` })
  if (problems.length > 0) throw new Error(`The demo threw: ${problems.join('; ')}`)
  console.log(`Demo screenshots written to ${out}/.`)
  await storybookShots(browser)
} finally {
  await browser.close()
  await server.close()
}

/** Starts `storybook dev` on 127.0.0.1, photographs the manager and two stories, stops it. */
/** @param {import('playwright-core').Browser} browser */
async function storybookShots(browser) {
  const port = 6106
  const storybook = spawn(
    'npx',
    ['storybook', 'dev', '--ci', '--no-open', '--port', String(port), '--host', '127.0.0.1'],
    { stdio: 'ignore', detached: true },
  )
  const base = `http://127.0.0.1:${port}`
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(base).then(
        (response) => response.ok,
        () => false,
      )
      if (up) break
      if (tries > 90) throw new Error('Storybook did not start in 90 s')
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    await page.goto(`${base}/?path=/story/components-reportstatusbadge--all-states`)
    await page
      .frameLocator('#storybook-preview-iframe')
      .getByText('Unknown status')
      .waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1000)
    await page.screenshot({ path: `${out}/storybook-badges.png` })
    await page.goto(`${base}/?path=/story/components-reportview--typical`)
    await page
      .frameLocator('#storybook-preview-iframe')
      .locator('.ibv-report-view__account')
      .first()
      .waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1000)
    await page.screenshot({ path: `${out}/storybook-report-view.png` })
    console.log(`Storybook screenshots written to ${out}/.`)
  } finally {
    if (storybook.pid) process.kill(-storybook.pid, 'SIGTERM')
  }
}
