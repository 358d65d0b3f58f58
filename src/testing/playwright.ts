// Helpers for a lender's end-to-end tests in Playwright. Types only: nothing here loads Playwright.
import type { Page } from 'playwright-core'
import {
  CONNECT_BUTTON_CLASS,
  CONNECT_FRAME_CLASS,
  EMBEDDED_REPORT_CLASS,
  REFRESH_CLASS,
} from '../core/component-names.js'
import { OAUTH_DECISIONS, firstOf, visitOAuthBank, type OAuthDecision } from './playwright-oauth.js'

/** `completeConnect` at a bank that signs in with a username and password in the widget. */
export interface CompleteConnectOptions {
  username: string
  password: string
  /** The code asked for after `user_mfa` (the sandbox's is `123456`). */
  mfaCode?: string
  /** The bank to choose, by its shown name. @default the first one offered */
  institution?: string
  /** Milliseconds to wait for each step. @default 10000 */
  timeout?: number
}

/** `completeConnect` at a bank that signs in on its own site (OAuth), in a popup or by a redirect. */
export interface CompleteConnectOAuthOptions {
  /** What the applicant does at the bank's page (see {@link OAuthDecision}). */
  oauth: OAuthDecision
  /** The bank to choose, by its shown name. @default the first one whose name contains "OAuth" */
  institution?: string
  /** Milliseconds to wait for each step. @default 10000 */
  timeout?: number
}

/**
 * What the widget did: `success` once it handed off and the dialog closed; `error` when it showed
 * an error instead (a wrong password or code), the dialog left open; `cancelled` when the applicant
 * denied the bank or closed its window, and the widget shows its bank list again (dialog open).
 */
export type CompleteConnectResult = 'success' | 'error' | 'cancelled'

const DIALOG_FRAME = `iframe.${CONNECT_FRAME_CLASS}`
const OPTIONS = {
  password: ['username', 'password', 'mfaCode', 'institution', 'timeout'],
  oauth: ['oauth', 'institution', 'timeout'],
}

function checkOptions(
  options: unknown,
): asserts options is CompleteConnectOptions | CompleteConnectOAuthOptions {
  const shapes =
    "{ username, password, mfaCode?, institution?, timeout? } or { oauth: 'allow' | 'allow_acquire_fail' | 'deny' | 'close', institution?, timeout? }"
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`completeConnect: options must be ${shapes}.`)
  const given = options as Record<string, unknown>
  const oauth = 'oauth' in given
  if (oauth === ('username' in given || 'password' in given))
    throw new TypeError(
      `completeConnect: options must be ${shapes}: a username and password, or oauth, not ${oauth ? 'both' : 'neither'}.`,
    )
  const unknown = Object.keys(given).filter(
    (key) => !OPTIONS[oauth ? 'oauth' : 'password'].includes(key),
  )
  if (unknown.length)
    throw new TypeError(
      `completeConnect: unknown option ${unknown.map((key) => `'${key}'`).join(', ')}; the options are ${shapes}.`,
    )
  if (oauth && !OAUTH_DECISIONS.includes(given.oauth as OAuthDecision)) {
    throw new TypeError(
      `completeConnect: oauth must be one of ${OAUTH_DECISIONS.map((name) => `'${name}'`).join(', ')}, not ${JSON.stringify(given.oauth) ?? String(given.oauth)}.`,
    )
  }
  for (const key of ['username', 'password', 'mfaCode', 'institution'].filter(
    (name) => given[name] !== undefined,
  )) {
    if (typeof given[key] !== 'string')
      throw new TypeError(`completeConnect: ${key} must be a string, not ${typeof given[key]}.`)
  }
  const timeout = given.timeout
  if (
    timeout !== undefined &&
    !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)
  )
    throw new TypeError(
      `completeConnect: timeout must be a number of milliseconds above 0, not ${String(timeout)}.`,
    )
}

/**
 * Completes the sandbox's connect widget inside your app's `<ConnectButton>` dialog, as the
 * applicant would: chooses the bank from its list, then signs in (`username`, `password`, and
 * `mfaCode` when the bank asks for a code) or, at a bank that signs in on its own site, decides at
 * the bank's page (`oauth`). Resolves to a {@link CompleteConnectResult}.
 *
 * OAuth banks: in popup mode the bank's page opens in a window (if the browser blocked it, the
 * widget's "Open the bank's page" button is clicked); the decision is made there. In redirect mode
 * (your `<ConnectButton redirectUri>`), the whole page goes to the bank and back to your redirect
 * page, whose `<ConnectButton receivedRedirectUri>` reopens the widget; the result is that
 * widget's. It throws if your redirect page opens no widget with the bank's state.
 *
 * @example
 * await page.getByRole('button', { name: 'Connect bank' }).click()
 * await completeConnect(page, { username: 'user_good', password: 'pass_good' })
 * @example
 * // A bank that signs in on its own site: Allow at its page.
 * expect(await completeConnect(page, { institution: 'Wombat Bank (OAuth)', oauth: 'allow' })).toBe('success')
 */
export async function completeConnect(
  page: Page,
  options: CompleteConnectOptions | CompleteConnectOAuthOptions,
): Promise<CompleteConnectResult> {
  checkOptions(options)
  const timeout = options.timeout ?? 10_000
  const widget = page.frameLocator(DIALOG_FRAME)
  const oauth = 'oauth' in options ? options.oauth : undefined
  // Step 1: the bank, a button in the widget's list; step 2: sign in to it, here or at the bank.
  const bank = options.institution
    ? widget.getByRole('button', { name: options.institution, exact: true })
    : oauth
      ? widget.getByRole('button', { name: /OAuth/ }).first()
      : widget.locator('form button[name="institution"]').first()
  // Listened for before the click: the widget's page opens the bank's window as soon as it loads.
  const popup = page.waitForEvent('popup', { timeout })
  popup.catch(() => undefined)
  await bank.click({ timeout })
  const username = widget.getByLabel('Username')
  const atBank = widget
    .getByRole('link', { name: /^Continue to / })
    .or(widget.getByRole('button', { name: /^Open the bank.s page$/ }))
  await username.or(atBank).first().waitFor({ timeout })
  const signsInHere = await username.isVisible()
  if (oauth) {
    if (signsInHere)
      throw new Error(
        `completeConnect: ${options.institution ?? 'this bank'} signs in with a username and password in the widget; pass username and password instead of oauth.`,
      )
    return visitOAuthBank({ page, dialogFrame: DIALOG_FRAME, timeout }, widget, bank, oauth, popup)
  }
  if (!signsInHere)
    throw new Error(
      `completeConnect: ${options.institution ?? 'this bank'} signs in on its own site (OAuth); pass oauth: 'allow' (or 'allow_acquire_fail', 'deny', 'close') instead of a username and password.`,
    )
  const { username: user, password, mfaCode } = options as CompleteConnectOptions
  const submit = async () => {
    await widget.locator('form button[type="submit"]').click({ timeout })
    return firstOf([
      page
        .locator(DIALOG_FRAME)
        .waitFor({ state: 'detached', timeout })
        .then(() => 'success' as const),
      widget
        .locator('[role="alert"]')
        .first()
        .waitFor({ state: 'visible', timeout })
        .then(() => 'error' as const),
      widget
        .locator('input[name="code"]')
        .waitFor({ state: 'visible', timeout })
        .then(() => 'code' as const),
    ])
  }
  await username.fill(user, { timeout })
  await widget.getByLabel('Password').fill(password, { timeout })
  let outcome = await submit()
  if (outcome === 'code') {
    if (mfaCode === undefined)
      throw new Error(
        'completeConnect: the widget asks for a code; pass mfaCode (the sandbox takes 123456).',
      )
    await widget.getByLabel('Code').fill(mfaCode, { timeout })
    outcome = await submit()
  }
  if (outcome === 'code') throw new Error('completeConnect: the widget asked for the code again.')
  return outcome
}

/** The components that say where they are in `data-state`. */
export type IbvComponent = 'embedded-report' | 'connect-button' | 'refresh-report'

const COMPONENT_SELECTORS: Record<IbvComponent, string> = {
  'embedded-report': `.${EMBEDDED_REPORT_CLASS}`,
  'connect-button': `.${CONNECT_BUTTON_CLASS}`,
  'refresh-report': `.${REFRESH_CLASS}`,
}

/**
 * The `data-state` of the first `component` on the page (`loading`, `ready`, `error`, …; Storybook
 * shows each component's states), or `null` when there is none.
 *
 * @example
 * await expect.poll(() => ibvState(page, 'embedded-report')).toBe('ready')
 */
export async function ibvState(page: Page, component: IbvComponent): Promise<string | null> {
  const selector = COMPONENT_SELECTORS[component]
  if (!selector)
    throw new TypeError(
      `ibvState: component must be one of ${Object.keys(COMPONENT_SELECTORS).join(', ')}.`,
    )
  const found = page.locator(selector).first()
  return (await found.count()) === 0 ? null : found.getAttribute('data-state')
}

/**
 * Moves the sandbox's clock by `seconds` over HTTP (its control route, behind its API key) and
 * waits for what fell due: report states, webhooks. `serviceUrl` is where your app's sandbox runs,
 * such as `http://127.0.0.1:5173/ibv-sandbox` with the Vite plugin.
 *
 * @example
 * await advanceSandboxClock('http://127.0.0.1:5173/ibv-sandbox', 6) // the report completes
 */
export async function advanceSandboxClock(
  serviceUrl: string,
  seconds: number,
  options: { apiKey?: string } = {},
): Promise<void> {
  const response = await fetch(`${serviceUrl.replace(/\/+$/, '')}/sandbox/clock/advance`, {
    method: 'POST',
    headers: {
      'x-api-key': options.apiKey ?? 'sandbox-api-key',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ seconds }),
  })
  if (!response.ok)
    throw new Error(
      `advanceSandboxClock: the sandbox answered ${response.status}: ${await response.text()}`,
    )
}
