// `completeConnect` at a bank that signs in on its own site (OAuth): the bank's page opens in a
// popup window (or, blocked, from the widget's button), or the whole page goes there and back
// to the lender's redirect page. Types only from Playwright: nothing here loads it.
import type { FrameLocator, Locator, Page, Response } from 'playwright-core'

/**
 * What the applicant does at the bank's page: `allow` (connects), `allow_acquire_fail` (connects,
 * then the sandbox's data pull fails), `deny`, or `close` (closes the bank's window before
 * deciding; popup mode only).
 */
export type OAuthDecision = 'allow' | 'allow_acquire_fail' | 'deny' | 'close'

export const OAUTH_DECISIONS: readonly OAuthDecision[] = [
  'allow',
  'allow_acquire_fail',
  'deny',
  'close',
]

/** The first step to succeed; the others' later failures (their timeouts) are ignored. */
export async function firstOf<T>(steps: Array<Promise<T>>): Promise<T> {
  try {
    return await Promise.any(steps)
  } catch (error) {
    throw error instanceof AggregateError ? error.errors[0] : error
  }
}

interface Widget {
  page: Page
  dialogFrame: string
  timeout: number
}

/** At the bank's consent page (in the popup or the whole page), decides as `decision` says. */
async function decide(
  bank: Page,
  decision: Exclude<OAuthDecision, 'close'>,
  timeout: number,
): Promise<void> {
  const allow = bank.getByRole('button', { name: 'Allow', exact: true })
  await allow.waitFor({ timeout })
  if (decision === 'allow_acquire_fail')
    await bank.getByRole('radio', { name: 'Connect, then the data pull fails' }).check({ timeout })
  await (
    decision === 'deny' ? bank.getByRole('button', { name: 'Deny', exact: true }) : allow
  ).click({ timeout })
}

/** Once decided: `success` when the dialog closed (handed off), `cancelled` when the widget shows its bank list again. */
async function settled(
  { page, dialogFrame, timeout }: Widget,
  bankButton: Locator,
): Promise<'success' | 'cancelled'> {
  return firstOf([
    page
      .locator(dialogFrame)
      .waitFor({ state: 'detached', timeout })
      .then(() => 'success' as const),
    bankButton.waitFor({ state: 'visible', timeout }).then(() => 'cancelled' as const),
  ])
}

/**
 * From the widget's OAuth page: the bank's page in a popup (opened by the widget, or by its "Open
 * the bank's page" button when the browser blocked it), or the whole page sent to the bank and
 * back to the lender's redirect page, which reopens the widget.
 */
export async function visitOAuthBank(
  target: Widget,
  frame: FrameLocator,
  bankButton: Locator,
  decision: OAuthDecision,
  popup: Promise<Page>,
): Promise<'success' | 'cancelled'> {
  const { page, timeout } = target
  const redirect = frame.getByRole('link', { name: /^Continue to / })
  const open = frame.getByRole('button', { name: /^Open the bank.s page$/ })
  await redirect.or(open).first().waitFor({ timeout })

  if (await redirect.isVisible()) {
    if (decision === 'close')
      throw new Error(
        "completeConnect: oauth 'close' closes the bank's window, which only the popup mode has; this widget sends the whole page to the bank (it has a redirectUri).",
      )
    await redirect.click({ timeout })
    // The lender's redirect page opens the widget again with the bank's state.
    const reopened = page.waitForResponse((response) => isReturn(response), {
      timeout: 3 * timeout,
    })
    reopened.catch(() => undefined)
    await decide(page, decision, timeout)
    await page.waitForURL((url) => url.searchParams.has('oauth_state_id'), { timeout })
    const response = await reopened.catch(() => {
      throw new Error(
        `completeConnect: back at ${page.url()}, but no widget opened with the bank's oauth_state_id. Does your redirect page give <ConnectButton> receivedRedirectUri?`,
      )
    })
    if (!response.ok())
      throw new Error(
        `completeConnect: the widget your redirect page opened refused the bank's oauth_state_id (${response.status()}).`,
      )
    return settled(target, bankButton)
  }

  // Popup mode: the window opened, or the browser blocked it and the widget says so (role alert).
  const opened = await firstOf([
    popup,
    frame
      .getByRole('alert')
      .first()
      .waitFor({ timeout })
      .then(() => undefined),
  ])
  let bank = opened
  if (!bank) {
    const again = page.waitForEvent('popup', { timeout })
    await open.click({ timeout })
    bank = await again
  }
  if (decision === 'close') {
    await bank.getByRole('button', { name: 'Allow', exact: true }).waitFor({ timeout })
    await bank.close()
  } else {
    await decide(bank, decision, timeout)
  }
  return settled(target, bankButton)
}

/** The widget's page loaded with `oauth_state_id`: the lender's redirect page reopened it. */
function isReturn(response: Response): boolean {
  const url = new URL(response.url())
  return (
    url.pathname.endsWith('/connect') &&
    url.searchParams.has('oauth_state_id') &&
    response.request().resourceType() === 'document'
  )
}
