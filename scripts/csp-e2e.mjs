// `npm run test:csp`: every component under a lender's strict Content-Security-Policy. The page of
// scripts/csp/app.mjs (every React component and every custom element, built with `vite build`
// from the packed package) is served with
//   default-src 'self'; script-src 'self'; style-src 'self'; frame-src <the service's origin>
// the sandbox on its own origin as the service. Chromium loads both embedded reports, shows the
// native report, reveals its personal data and downloads its CSV, refreshes, makes an invite link,
// connects a bank through the widget (the sandbox's pages keep their own policy), and opens the
// elements' widget.
// Every `securitypolicyviolation` of every frame and every console line about the policy is a
// failure; a style attribute written on purpose first proves the listener hears one. Run after
// `npm run build`.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { APP_FILES } from './csp/app.mjs'
import { baseEnv, start } from './docs-examples/processes.mjs'
import { runLenderCheck } from './lender-app.mjs'

const WAIT = 20_000
const CONSUMER = 'LND-CSP-1'

/** Records the policy's violations in every frame, before any of the frame's own scripts run. */
function listenForViolations() {
  const seen = /** @type {string[]} */ ([])
  Object.defineProperty(window, '__cspViolations', { value: seen })
  document.addEventListener(
    'securitypolicyviolation',
    (event) =>
      seen.push(
        `${location.origin}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      ),
    true,
  )
}

await runLenderCheck('csp', async ({ step, createApp, node, launchChromium }) => {
  const dir = await createApp('ibv-csp-', APP_FILES, [])
  await step(
    'vite build',
    async () => void (await node(dir, [join(dir, 'node_modules/vite/bin/vite.js'), 'build'])),
  )
  const server = await step('the app under its policy, and the sandbox', () =>
    start('server', process.execPath, ['server.mjs'], {
      cwd: dir,
      env: baseEnv(),
      ready: (output) => output.includes('listening {'),
    }),
  )
  const { origin, service } = JSON.parse(/listening (\{.*\})/.exec(server.output())?.[1] ?? '{}')
  const control = (/** @type {string} */ path, /** @type {unknown} */ body) =>
    fetch(`${service}/sandbox/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox-api-key', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((answer) => answer.json())
  const created = await control('product_requests', { consumer_id: CONSUMER })
  await control('clock/advance', { seconds: 120 })
  const { completeConnect } = /** @type {typeof import('../src/testing/index.js')} */ (
    await import(pathToFileURL(join(dir, 'node_modules/ibv-kit/dist/testing/index.js')).href)
  )

  const browser = await launchChromium()
  const context = await browser.newContext({ acceptDownloads: true })
  await context.addInitScript(listenForViolations)
  const page = await context.newPage()
  /** @type {string[]} */
  const console_ = []
  page.on(
    'console',
    (message) => /Content.Security.Policy/i.test(message.text()) && console_.push(message.text()),
  )
  page.on('pageerror', (error) => console_.push(`page error: ${error.message}`))
  const violations = async () =>
    (
      await Promise.all(
        page
          .frames()
          .map((frame) =>
            frame
              .evaluate(
                () => /** @type {string[]} */ (/** @type {any} */ (window).__cspViolations ?? []),
              )
              .catch(() => []),
          ),
      )
    ).flat()

  await page.goto(
    `${origin}/?service=${encodeURIComponent(service)}&report=${created.product_request_id}&consumer=${CONSUMER}`,
  )
  await step(
    'both embedded reports ready; the native report, its personal data and CSV',
    async () => {
      await page
        .locator('#react-report .ibv-embedded-report[data-state="ready"]')
        .waitFor({ timeout: WAIT })
      await page.locator('ibv-embedded-report [data-state="ready"]').waitFor({ timeout: WAIT })
      await page.getByRole('button', { name: 'Show personal data' }).click({ timeout: WAIT })
      const download = page.waitForEvent('download', { timeout: WAIT })
      await page.getByRole('button', { name: 'Download CSV' }).click()
      await (await download).path()
    },
  )
  await step(
    'the listeners hear a violation, on the page and in a frame of the service',
    async () => {
      const report = page.frames().find((frame) => frame.url().startsWith(service))
      if (!report) throw new Error('no frame of the service on the page')
      for (const frame of [page.mainFrame(), report]) {
        await frame.evaluate(() =>
          document.body.insertAdjacentHTML(
            'beforeend',
            '<p id="csp-canary" style="color: red">canary</p>',
          ),
        )
        await frame.waitForFunction(() => Reflect.get(window, '__cspViolations').length > 0, null, {
          timeout: WAIT,
        })
        await frame.evaluate(() => {
          document.getElementById('csp-canary')?.remove()
          Reflect.get(window, '__cspViolations').length = 0
        })
      }
      // The console's copy of a frame's report may arrive after the event.
      for (
        let waited = 0;
        console_.filter((line) => line.includes('inline style')).length < 2;
        waited += 50
      ) {
        if (waited > WAIT)
          throw new Error(`the console did not report both canaries: ${console_.join('; ')}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      console_.length = 0
    },
  )
  await step('refresh, and an invite link', async () => {
    await page.locator('.ibv-refresh .ibv-button').click({ timeout: WAIT })
    // Its outcome, whichever the sandbox's clock reaches first: submitted (its message goes again once
    // the new report is final) or preparing (the new report on its way).
    await page
      .locator('.ibv-refresh:not([data-state="idle"]):not([data-state="pending"])')
      .waitFor({ timeout: WAIT })
    await page.locator('.ibv-invite .ibv-button').click({ timeout: WAIT })
    await page.locator('.ibv-invite__link').waitFor({ timeout: WAIT })
  })
  await step('connect a bank with user_good / pass_good', async () => {
    await page.locator('#root .ibv-connect-button').click()
    const result = await completeConnect(page, { username: 'user_good', password: 'pass_good' })
    if (result !== 'success') throw new Error(`the widget ended with ${result}`)
  })
  await step("the elements' connect widget", async () => {
    await page.locator('ibv-connect-button button').click({ timeout: WAIT })
    await page
      .frameLocator('dialog[open] iframe')
      .locator('form button[name="institution"]')
      .first()
      .waitFor({ timeout: WAIT })
    await page.keyboard.press('Escape')
  })
  const found = [...(await violations()), ...console_]
  if (found.length > 0)
    throw new Error(
      `${found.length} violation${found.length === 1 ? '' : 's'} of the policy:\n  ${found.join('\n  ')}`,
    )
  console.log(
    `csp: no violation in ${page.frames().length} frames, under default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${service}.`,
  )
  return true
})
