// Chromium for scripts/run-docs-examples.mjs: pages that record their errors, expectations that
// fail with those errors (pointing at the Markdown lines) and Vite's, and the connect widget
// completed with the sandbox's test credentials through the packed ibv-kit/testing.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../chromium.mjs'
import { WAIT, fail, hintFor } from './report.mjs'

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {<T>(label: string, promise: Promise<T>) => Promise<T>} ExpectTo */

/**
 * Launches Chromium next to the app's Vite server.
 * @param {string} appDir the app, where ibv-kit is installed
 * @param {{ output: () => string }} vite
 */
export async function openBrowser(appDir, vite) {
  const testing = join(appDir, 'node_modules', 'ibv-kit', 'dist', 'testing', 'index.js')
  const { completeConnect, ibvState } = /** @type {typeof import('../../src/testing/index.js')} */ (
    await import(pathToFileURL(testing).href)
  )
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })

  /**
   * A new page that records its errors, which a failure message then shows.
   * @param {DocBlock[]} pasted the blocks the page runs, to point at their lines
   */
  const openPage = async (pasted) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    /** @type {string[]} */
    const errors = []
    page.on('pageerror', (error) =>
      errors.push(`page error: ${error.message}${hintFor(error.message, pasted)}`),
    )
    page.on('console', (message) => {
      // A missing favicon is the template's, not the example's.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
        errors.push(`console.error: ${message.text()}${hintFor(message.text(), pasted)}`)
    })
    /** @type {ExpectTo} */
    const expectTo = (label, promise) =>
      promise.catch((error) => {
        const vitePart = /error/i.test(vite.output())
          ? `\nvite said:\n${vite
              .output()
              .split('\n')
              .filter((line) => /error/i.test(line))
              .slice(-5)
              .join('\n')}`
          : ''
        return fail(
          `${label}: ${String(error.message).split('\n')[0]}${errors.length ? `\n${[...new Set(errors)].join('\n')}` : ''}${vitePart}`,
        )
      })
    return { page, errors, expectTo, close: () => context.close() }
  }

  /**
   * Completes the open connect widget with user_good / pass_good; fails unless it succeeds.
   * @param {Page} page
   * @param {ExpectTo} expectTo
   * @param {string} at the blocks, for messages
   */
  const connect = async (page, expectTo, at) => {
    const outcome = await expectTo(
      `${at}: the connect widget could not be completed`,
      completeConnect(page, { username: 'user_good', password: 'pass_good', timeout: WAIT }),
    )
    if (outcome !== 'success')
      fail(`${at}: the widget answered ${outcome} to user_good / pass_good`)
    return outcome
  }

  return { openPage, connect, ibvState, close: () => browser.close() }
}
