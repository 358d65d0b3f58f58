// One flow, run in each engine: `engineFlow(name, body)` declares a test per engine in which a
// fresh app server (its own sandbox and backend) and a fresh tab are ready. When the flow fails,
// a screenshot of each open tab is written to reports/engines/ and named in the error.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, inject, it } from 'vitest'
import { startElementsExample, startEnginesApp, type RunningApp } from './app.ts'
import { ENGINES, redactTokens, type EngineBrowser, type EngineName, type Tab } from './driver.ts'
import { launchEngine } from './engines.ts'
import { REPORTS } from './global-setup.ts'

export interface FlowContext {
  engine: EngineName
  browser: EngineBrowser
  app: RunningApp
  /** A tab on the app's first page (not yet opened). */
  tab: Tab
  /** Another tab, in a context of its own (a borrower's phone): closed with the flow. */
  newTab(options?: { width?: number; height?: number }): Promise<Tab>
  /** The folder where every tab of the flow saves its downloads, without asking: new, removed with the flow. */
  downloads: string
  /** Writes a screenshot of `tab` to reports/engines/<name>-<engine>.png; returns the path. */
  screenshot(tab: Tab, name: string): Promise<string>
}

/**
 * The engine a flow runs in. Chromium and Firefox start once for the whole run and stay open: the
 * flows run in one worker that keeps its globals from file to file (`isolate: false` in
 * vitest.engines.config.ts), every tab is a context of its own (no cookies, no storage shared),
 * and puppeteer closes them when the worker exits. WebKit starts with each flow, as each of its
 * tabs is a browser session of its own anyway.
 */
function engineFor(engine: EngineName): Promise<EngineBrowser> {
  if (engine === 'webkit') return launchEngine(engine)
  const started = ((
    globalThis as { ibvEngines?: Map<EngineName, Promise<EngineBrowser>> }
  ).ibvEngines ??= new Map())
  const browser = started.get(engine) ?? launchEngine(engine)
  started.set(engine, browser)
  return browser
}

/**
 * A whole flow in one engine, starts included: generous, as load must never fail a flow. A flow
 * that fails runs once more (from a new app and new tabs): three engines, each behind a driver of
 * its own, fail now and then for reasons that are not the app's (one flow in one CI run). The
 * failed attempt is not hidden: Vitest's JSON report keeps its error on the passed test, and CI's
 * closing lines (scripts/report-counts.mjs) name each flow that passed only on its second attempt.
 */
const FLOW_TIMEOUT = 120_000

/** `app`: which app the flow drives; `tab`: the first tab's size (1280 × 900 unless said). */
export function engineFlow(
  name: string,
  body: (context: FlowContext) => Promise<void>,
  options: { app?: 'demo' | 'elements'; tab?: { width: number; height: number } } = {},
) {
  describe.each(ENGINES)(`${name}, in %s`, (engine) => {
    let browser: EngineBrowser | undefined
    afterAll(async () => {
      if (engine === 'webkit') await browser?.close()
    })
    it(`${name} (${engine})`, { timeout: FLOW_TIMEOUT, retry: 1 }, async () => {
      browser ??= await engineFor(engine)
      const dir = inject('enginesApp')
      const app =
        options.app === 'elements' ? await startElementsExample(dir) : await startEnginesApp(dir)
      const tabs: Tab[] = []
      const downloads = mkdtempSync(join(tmpdir(), 'ibv-downloads-'))
      const newTab = async (size?: { width?: number; height?: number }) => {
        const tab = await browser!.newTab({ ...size, downloads })
        tabs.push(tab)
        return tab
      }
      const slug = name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
      const screenshot = async (tab: Tab, shot: string) => {
        mkdirSync(REPORTS, { recursive: true })
        const path = `${REPORTS}${shot}-${engine}.png`
        // What the page last laid out, painted: two animation frames later.
        await tab
          .evaluate(
            () =>
              new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
          )
          .catch(() => undefined)
        await tab.screenshot(path)
        return path
      }
      try {
        await body({
          engine,
          browser,
          app,
          tab: await newTab(options.tab),
          newTab,
          downloads,
          screenshot,
        })
      } catch (error) {
        const shots = await Promise.all(
          tabs.map((tab, index) =>
            screenshot(tab, `${slug}-failed-${index}`).catch(() => undefined),
          ),
        )
        if (error instanceof Error) {
          // A link in a message (a failed goto, a waited-for address) would print its token.
          error.message = `${redactTokens(error.message)}\n(${browser.version}; screenshots: ${shots.filter(Boolean).join(', ') || 'none'})`
          if (error.stack) error.stack = redactTokens(error.stack)
        }
        throw error
      } finally {
        for (const tab of tabs.reverse()) await tab.close().catch(() => undefined)
        await app.stop()
        rmSync(downloads, { recursive: true, force: true })
      }
    })
  })
}
