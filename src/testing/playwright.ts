// Helpers for a lender's end-to-end tests in Playwright. Types only: nothing here loads Playwright.
import type { Page } from 'playwright-core'

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

/** What the widget did with the credentials. */
export type CompleteConnectResult = 'success' | 'error'

const DIALOG_FRAME = 'iframe.ibv-connect-dialog__frame'

/**
 * Completes the sandbox's connect widget inside your app's `<ConnectButton>` dialog, as the
 * consumer would: chooses the bank from its list, signs in, answers the MFA step when `mfaCode` is given.
 * Resolves `success` once the widget handed off and the dialog closed, or `error` when it showed
 * an error instead (a wrong password or code), leaving the dialog open.
 *
 * @example
 * await page.getByRole('button', { name: 'Connect bank' }).click()
 * await completeConnect(page, { username: 'user_good', password: 'pass_good' })
 */
export async function completeConnect(page: Page, options: CompleteConnectOptions): Promise<CompleteConnectResult> {
  const timeout = options.timeout ?? 10_000
  const widget = page.frameLocator(DIALOG_FRAME)
  const submit = async () => {
    await widget.locator('form button[type="submit"]').click({ timeout })
    const outcome = await Promise.race([
      page.locator(DIALOG_FRAME).waitFor({ state: 'detached', timeout }).then(() => 'success' as const),
      widget.locator('[role="alert"]').first().waitFor({ state: 'visible', timeout }).then(() => 'error' as const),
      widget.locator('input[name="code"]').waitFor({ state: 'visible', timeout }).then(() => 'code' as const),
    ])
    return outcome
  }
  // Step 1: the bank, a button in the widget's list; step 2: sign in to it.
  const bank = options.institution
    ? widget.getByRole('button', { name: options.institution, exact: true })
    : widget.locator('form button[name="institution"]').first()
  await bank.click({ timeout })
  await widget.getByLabel('Username').fill(options.username, { timeout })
  await widget.getByLabel('Password').fill(options.password, { timeout })
  let outcome = await submit()
  if (outcome === 'code') {
    if (options.mfaCode === undefined) throw new Error('completeConnect: the widget asks for a code; pass mfaCode (the sandbox takes 123456).')
    await widget.getByLabel('Code').fill(options.mfaCode, { timeout })
    outcome = await submit()
  }
  if (outcome === 'code') throw new Error('completeConnect: the widget asked for the code again.')
  return outcome
}

/** The components that say where they are in `data-state`. */
export type IbvComponent = 'embedded-report' | 'connect-button' | 'refresh-report'

const COMPONENT_SELECTORS: Record<IbvComponent, string> = {
  'embedded-report': '.ibv-embedded-report',
  'connect-button': '.ibv-connect-button',
  'refresh-report': '.ibv-refresh',
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
  if (!selector) throw new TypeError(`ibvState: component must be one of ${Object.keys(COMPONENT_SELECTORS).join(', ')}.`)
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
export async function advanceSandboxClock(serviceUrl: string, seconds: number, options: { apiKey?: string } = {}): Promise<void> {
  const response = await fetch(`${serviceUrl.replace(/\/+$/, '')}/sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'x-api-key': options.apiKey ?? 'sandbox-api-key', 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  })
  if (!response.ok) throw new Error(`advanceSandboxClock: the sandbox answered ${response.status}: ${await response.text()}`)
}
