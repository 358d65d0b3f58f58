// The static Storybook as its readers get it: `npm run build-storybook`'s output, built once, served
// by a plain static server (scripts/static-server.mjs) from a sub-folder, as a project site would
// host it, on a free 127.0.0.1 port, and opened in Chromium. The stories' sandbox and backend run
// in the page behind its service worker (.storybook/sandbox.ts): the server only ever sends files.
//
// Checked, for a reader in dark and one in light: in Storybook's page, the ConnectButton story's
// play function connects Platypus Bank, then the reader connects again by hand in the widget
// (`user_good` / `pass_good`), photographed with the widget open
// (reports/storybook-static/connect-{dark,light}.png). Then, for the light one: the
// RefreshReportButton story refreshes; live event streams closed by the page are closed in the
// page's backend too; the EmbeddedReport story shows the hosted report and, 29 minutes on (the
// page's clock faked), has renewed its token and shows it again. No request for the sandbox or
// the backend reached the server, and the build holds no key but the sandbox's own.
//
// `node scripts/storybook-static-e2e.mjs [--dir <a build> | --url <a running Storybook>]`: --dir
// checks that build rather than a new one; --url checks a Storybook already served, such as
// `npm run storybook`'s (http://127.0.0.1:6006/), which runs the stories the same way (no build,
// and nothing to say about its server).
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium.mjs'
import { serveStatic } from './static-server.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const shots = join(root, 'reports', 'storybook-static')
/**
 * How long one thing a reader waits for may take, in ms: generous, for a busy machine (Storybook's
 * first page took 61 s with the load average at 20 on 2 cores); a hang still fails.
 */
const WAIT = 120_000
/** The folder the build is served from. */
const BASE = '/storybook/'

const { values } = parseArgs({ options: { dir: { type: 'string' }, url: { type: 'string' } } })
const began = Date.now()
const since = (/** @type {number} */ start) => `${((Date.now() - start) / 1000).toFixed(1)} s`

/** @type {<T>(label: string, action: () => Promise<T>) => Promise<T>} */
async function step(label, action) {
  const start = Date.now()
  const result = await action()
  console.log(
    `storybook-static: ${label}${typeof result === 'string' && result ? `: ${result}` : ''} (${since(start)})`,
  )
  return result
}

/** Waits until `check` resolves true, or fails saying `what` did not happen. @param {string} what @param {() => Promise<boolean>} check */
async function until(what, check) {
  for (
    const start = Date.now();
    !(await check());
    await new Promise((resolve) => setTimeout(resolve, 100))
  ) {
    if (Date.now() - start > WAIT) throw new Error(`${what} did not happen in ${WAIT / 1000} s`)
  }
}

/** @param {string} dir @returns {string[]} every file under `dir` */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )

const out = values.dir ? resolve(values.dir) : join(root, 'storybook-static')
/** @type {import('playwright-core').Browser | undefined} */
let browser
/** @type {{ url: string, close(): Promise<void> } | undefined} */
let server
/** @type {import('playwright-core').Page[]} */
const pages = []
let passed = false
try {
  /** Paths the static server was asked for. */
  const asked = /** @type {string[]} */ ([])
  /** Where Storybook's page is, with a trailing slash. */
  let storybook = values.url?.replace(/\/?$/, '/') ?? ''
  if (!values.url && !values.dir) {
    await step('storybook build', async () => {
      await promisify(execFile)(
        join(root, 'node_modules', '.bin', 'storybook'),
        ['build', '--quiet', '--output-dir', out],
        { cwd: root, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      ).catch((error) => {
        throw new Error(
          `storybook build failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
        )
      })
      return out
    })
  }
  if (!values.url) {
    if (!existsSync(join(out, 'iframe.html'))) throw new Error(`${out} holds no Storybook build`)
    storybook = await step(`a static server for ${out}`, async () => {
      server = await serveStatic(out, { base: BASE, onRequest: (path) => asked.push(path) })
      return server.url
    })
  }
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  mkdirSync(shots, { recursive: true })
  /** What any frame of any page threw. */
  const thrown = /** @type {string[]} */ ([])
  /** A page of a new context (a reader of its own: its own service worker) in `scheme`. @param {'light' | 'dark'} scheme */
  const newPage = async (scheme) => {
    const context = await browser?.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: scheme,
    })
    if (!context) throw new Error('no browser')
    context.setDefaultTimeout(WAIT)
    const page = await context.newPage()
    page.on('pageerror', (error) => thrown.push(`${scheme}: ${error.message}`))
    pages.push(page)
    return page
  }
  /** The story alone, as Storybook's page frames it (no sidebar). @param {string} id */
  const storyAlone = (id) => `${storybook}iframe.html?id=${id}&viewMode=story`
  const CONNECTED = /^Connected Platypus Bank: IBV\w+$/

  /** @type {import('playwright-core').Page | undefined} */
  let page
  // Storybook's own page takes its theme from the reader's system when it first loads.
  for (const scheme of /** @type {const} */ (['dark', 'light'])) {
    page = await newPage(scheme)
    const story = page.frameLocator('#storybook-preview-iframe')
    /** The ConnectButton story's line that says what the widget reported. */
    const status = story
      .locator('p[role="status"]')
      .filter({ hasText: /^(Not connected yet\.|Connected |Exited)/ })
    await step(
      `${scheme}: ConnectButton, Success, in Storybook’s page: its play function connects Platypus Bank`,
      async () => {
        await page?.goto(`${storybook}?path=/story/components-connectbutton--success`)
        await status.filter({ hasText: CONNECTED }).waitFor()
        return (await status.textContent()) ?? ''
      },
    )
    await step(`${scheme}: the reader connects again, by hand in the widget`, async () => {
      const before = (await status.textContent()) ?? ''
      await story.getByRole('button', { name: 'Connect bank' }).click()
      const widget = story.frameLocator('dialog iframe')
      await widget.getByRole('button', { name: 'Platypus Bank' }).click()
      await widget.getByLabel('Username').fill('user_good')
      await widget.getByLabel('Password').fill('pass_good')
      const shot = join(shots, `connect-${scheme}.png`)
      await page?.screenshot({ path: shot })
      await widget.getByRole('button', { name: 'Continue' }).click()
      let after = before
      await until('a second connection', async () => {
        after = (await status.textContent()) ?? ''
        return CONNECTED.test(after) && after !== before
      })
      return `${after} (screenshot: ${shot})`
    })
  }
  if (!page) throw new Error('no page')
  const context = page.context()

  await step('RefreshReportButton, Preparing: its play function refreshes the report', async () => {
    await page.goto(storyAlone('components-refreshreportbutton--preparing'))
    // Submitted, then (once the new report is seen pending) preparing: either is the backend's answer.
    const answered = page
      .getByRole('status')
      .filter({ hasText: /^(Refresh started\.|A new report is being prepared\.)/ })
    await answered.waitFor()
    return (await answered.textContent()) ?? ''
  })

  await step('25 live event streams opened and closed in turn: each frees its place', async () => {
    // The backend allows an anonymous reader 10 at once: a stream the worker did not close when the
    // page closed it would keep its place, and the stories' live updates would stop after a few.
    const outcomes = await page.evaluate(async () => {
      const seen = /** @type {string[]} */ ([])
      for (let turn = 0; turn < 25; turn++) {
        const events = new EventSource('api/ibv/events')
        seen.push(
          await new Promise((resolve) => {
            events.onopen = () => resolve('open')
            events.onerror = () => resolve('refused')
          }),
        )
        events.close()
      }
      return seen
    })
    const refused = outcomes.indexOf('refused')
    if (refused !== -1)
      throw new Error(`stream ${refused + 1} of 25 was refused: the ones before it were not closed`)
    return ''
  })

  // The page's clock, faked from here on (in every frame), so that 29 minutes pass at once.
  await page.close()
  await context.clock.install()
  const reportPage = await context.newPage()
  reportPage.on('pageerror', (error) => thrown.push(`light: ${error.message}`))
  pages.push(reportPage)
  const report = reportPage.locator('.ibv-embedded-report')
  const current = reportPage.locator('iframe[data-frame="current"]')
  const reportShown = () =>
    reportPage
      .frameLocator('iframe[data-frame="current"]')
      .getByText('Income and bank verification')
      .first()
      .waitFor()
  const token = async () =>
    new URL((await current.getAttribute('src')) ?? '', storybook).searchParams.get('token')
  let first = ''
  await step('EmbeddedReport, Ready: the hosted report in its frame', async () => {
    await reportPage.goto(storyAlone('components-embeddedreport--ready'))
    await reportPage.locator('.ibv-embedded-report[data-state="ready"]').waitFor()
    await reportShown()
    first = (await token()) ?? ''
    return ''
  })
  await step('29 minutes on, it has renewed its token and shows the report again', async () => {
    await reportPage.clock.fastForward('29:00')
    await until('a new token in the report frame', async () => (await token()) !== first)
    await until(
      'the report ready again',
      async () => (await report.getAttribute('data-state')) === 'ready',
    )
    await reportShown()
    return ''
  })

  if (!values.url)
    await step(
      'the server sent files only: nothing under ibv-sandbox/ or api/ibv/ reached it',
      async () => {
        const reached = asked.filter((path) => /\/(ibv-sandbox|api\/ibv)(\/|$)/.test(path))
        if (reached.length > 0)
          throw new Error(`the server was asked for ${reached.slice(0, 5).join(', ')}`)
        return `${asked.length} requests, all for files`
      },
    )
  if (!values.url)
    await step('no key in the build but the sandbox’s own', async () => {
      const text = filesUnder(out)
        .filter((file) => /\.(js|html|json)$/.test(file))
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n')
      // A key given as a literal: an `apiKey` option or default, or an `x-api-key` header.
      const keys = new Set(
        Array.from(
          text.matchAll(
            /(?:\bapiKey\s*(?:\?\?|:|=)|[`'"]x-api-key[`'"]\s*:)\s*[`'"]([^`'"]*)[`'"]/g,
          ),
          (match) => match[1],
        ),
      )
      if (!keys.has('sandbox-api-key'))
        throw new Error('createSandbox and its default key are not in the build')
      if (keys.size > 1)
        throw new Error(`the build holds keys other than the sandbox's: ${[...keys].join(', ')}`)
      // The webhook secret of the page's backend is made at run time; a literal one would be here.
      const secret = /whsec_[A-Za-z0-9+/=]{8,}/.exec(text)
      if (secret) throw new Error(`the build holds a webhook secret: ${secret[0].slice(0, 12)}…`)
      return 'sandbox-api-key, the sandbox’s default'
    })

  // Storybook's dev server, on a busy machine, can be slow to answer its own page's stores: its noise.
  const errors = thrown.filter(
    (message) => !/Timed out waiting for leader state for UniversalStore/.test(message),
  )
  if (errors.length > 0) throw new Error(`the pages threw: ${errors.join('; ')}`)
  passed = true
} catch (error) {
  console.error(`storybook-static: FAILED: ${error instanceof Error ? error.message : error}`)
  for (const [index, page] of pages.entries())
    await page.screenshot({ path: join(shots, `failed-${index}.png`) }).catch(() => undefined)
  if (pages.length > 0)
    console.error(`storybook-static: the pages as they were are in ${shots}/failed-*.png`)
} finally {
  await browser?.close().catch(() => undefined)
  await server?.close()
}
console.log(`storybook-static: ${passed ? 'passed' : 'FAILED'} (${since(began)}).`)
process.exit(passed ? 0 : 1)
