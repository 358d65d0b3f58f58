// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { freePorts } from '../../scripts/free-port.mjs'
import { completeConnect } from '../../src/testing/playwright.js'
import { randomSecret } from '../secrets.js'

// examples/plain-html as a lender runs it: the standalone sandbox and the example's backend, two
// processes on free 127.0.0.1 ports, the sandbox posting its webhooks to the backend. The page's
// `ibv-kit/elements` module is the elements entry built here from src/ (the backend serves it at
// /ibv-kit/ as it serves the installed package's dist/).
const root = fileURLToPath(new URL('../../', import.meta.url))
const processes: ChildProcess[] = []
let built = ''
let url = ''
let browser: Browser
let page: Page

/** Starts `script` (TypeScript, through tsx) and resolves once it has printed `ready`. */
function start(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  processes.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(ready)) resolve()
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', (code) =>
      reject(new Error(`${script} ended (${code}) before it was ready:\n${output}`)),
    )
  })
}

beforeAll(async () => {
  built = await mkdtemp(join(tmpdir(), 'ibv-plain-html-'))
  const build = await rolldown({ input: join(root, 'src/elements/index.ts') })
  await build.write({ file: join(built, 'elements/index.js'), format: 'es' })
  await build.close()
  await cp(join(root, 'src/styles.css'), join(built, 'styles.css'))
  await cp(join(root, 'src/styles'), join(built, 'styles'), { recursive: true })

  const [sandboxPort, backendPort] = await freePorts(2)
  const serviceUrl = `http://127.0.0.1:${sandboxPort}`
  url = `http://127.0.0.1:${backendPort}/`
  // A new webhook secret each run, given to both as the example's README says.
  const webhookSecret = randomSecret()
  await Promise.all([
    start(
      'src/sandbox/cli.ts',
      [
        '--port',
        String(sandboxPort),
        '--webhook-url',
        `${url}api/ibv/webhooks`,
        '--webhook-header',
        `x-webhook-secret=${webhookSecret}`,
      ],
      {},
      'listening on',
    ),
    start(
      'examples/plain-html/server.ts',
      [],
      {
        PORT: String(backendPort),
        IBV_SERVICE_URL: serviceUrl,
        IBV_KIT_DIST: built,
        IBV_WEBHOOK_SECRET: webhookSecret,
      },
      'plain-html example on',
    ),
  ])
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  for (const child of processes) if (child.pid && child.exitCode === null) process.kill(child.pid)
  if (built) await rm(built, { recursive: true, force: true })
})

describe('examples/plain-html', () => {
  it("connects the applicant's bank with no React on the page, and follows the report to complete", async () => {
    await page.goto(url)
    const connect = page.getByRole('button', { name: 'Connect bank' })
    await connect.waitFor()
    const loaded = await page.evaluate(() => ({
      resources: performance.getEntriesByType('resource').map((entry) => entry.name),
      react: typeof (window as { React?: unknown }).React,
    }))
    expect(loaded.resources.some((name) => name.endsWith('/ibv-kit/elements/index.js'))).toBe(true)
    expect(loaded.resources.filter((name) => /react|tanstack/i.test(name))).toEqual([])
    expect(loaded.react).toBe('undefined')

    await page.evaluate(() => {
      const seen: unknown[] = ((window as { seen?: unknown[] }).seen = [])
      document.addEventListener('ibv-success', (event) => seen.push(event.detail))
    })
    await connect.click()
    expect(await completeConnect(page, { username: 'user_good', password: 'pass_good' })).toBe(
      'success',
    )
    const [success] = await page.evaluate(() => (window as { seen?: unknown[] }).seen ?? [])
    expect(success).toMatchObject({
      productRequestId: expect.any(String),
      institution: { name: expect.any(String) },
    })
    const { productRequestId } = success as { productRequestId: string }
    expect(await page.locator('ibv-embedded-report').getAttribute('product-request-id')).toBe(
      productRequestId,
    )

    // The sandbox pulls the data in 3 s and makes the report in 3 s more; the page polls every 2 s.
    const badge = page.locator('ibv-report-status-badge .ibv-badge')
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 20_000 }).toBe('complete')
    expect(await badge.locator('.ibv-badge__label').textContent()).toBe('Complete')

    // The report, from the sandbox's portal (another origin), shown at its height.
    const report = page.locator('ibv-embedded-report')
    await expect.poll(() => report.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready')
    const portal = page.frameLocator('iframe.ibv-embedded-report__frame[data-frame="current"]')
    await expect
      .poll(() => portal.locator('body').textContent(), { timeout: 15_000 })
      .toContain(productRequestId)
    // The portal's page, opened while the report was being made, reloads itself once it is complete.
    await expect
      .poll(() => portal.locator('h1').textContent(), { timeout: 15_000 })
      .toBe('Income and bank verification report')
    expect(
      await report.locator('iframe').evaluate((frame) => frame.getBoundingClientRect().height),
    ).toBeGreaterThan(200)
  }, 60_000)
})
