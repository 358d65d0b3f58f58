// What the three-engine flows (test/engines/*.test.ts) do in a browser, written once for every
// engine: open a page, click and type as a person does (real input events), wait for what the page
// shows, step into a frame or a popup window. Chromium and Firefox are driven by puppeteer-core
// (CDP and WebDriver BiDi), WebKit by webdriverio over classic WebDriver (WebKitWebDriver):
// puppeteer-driver.ts and webdriver-driver.ts implement this interface.

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
export type EngineName = (typeof ENGINES)[number]

/**
 * An element on a surface: the first that matches `selector` and, when given, whose text (or
 * `aria-label`, or an input's label) contains `text` or matches it.
 */
export interface Target {
  selector: string
  text?: string | RegExp
}

/** A document: a tab's page, or a frame inside it. */
export interface Surface {
  /** Waits until the target is there, visible and enabled, and clicks it with the mouse. */
  click(target: Target | string): Promise<void>
  /** Waits until the field is there, then types `value` into it (replacing what it held). */
  fill(target: Target | string, value: string): Promise<void>
  /** The trimmed text of the target, once it is there. */
  text(target: Target | string): Promise<string>
  /** Whether the target is there now (no wait). */
  has(target: Target | string): Promise<boolean>
  /**
   * Runs `check` in the page (serialised: no closures) until it returns a JSON value (never a node) other than
   * `false`, `null` or `undefined`, and resolves to that; fails after `timeout` ms naming `what`.
   */
  waitFor<T, A extends unknown[]>(
    what: string,
    check: (...args: A) => T | false | null | undefined,
    args?: A,
    timeout?: number,
  ): Promise<T>
  /** Runs `script` in the page once (serialised: no closures). */
  evaluate<T, A extends unknown[]>(script: (...args: A) => T, ...args: A): Promise<Awaited<T>>
  /** The document inside the first iframe that matches `selector`, once it is there. */
  frame(selector: string): Promise<Surface>
}

/** A top-level browsing context: a tab, or a window the page opened. */
export interface Tab extends Surface {
  goto(url: string): Promise<void>
  url(): Promise<string>
  /**
   * Resolves to the next window this tab opens (`window.open`, a `target=_blank` link), from its page
   * or from a frame in it (the connect widget's). Call it before the click that opens the window.
   */
  nextPopup(timeout?: number): Promise<Tab>
  /** Whether this window is still open. */
  isOpen(): Promise<boolean>
  /** A PNG of the viewport, written to `path`. */
  screenshot(path: string): Promise<void>
  close(): Promise<void>
}

export interface EngineBrowser {
  engine: EngineName
  /** The engine's product and version, e.g. `firefox/153.8.0`. */
  version: string
  /**
   * A new tab, in a new context (no cookies, no storage) where the engine has contexts (Chromium,
   * Firefox), else in a new browser session (WebKit).
   */
  newTab(options?: TabOptions): Promise<Tab>
  close(): Promise<void>
}

export interface TabOptions {
  /** The viewport, in CSS pixels: 1280 × 900 unless given. */
  width?: number
  height?: number
  /**
   * An existing folder where the tab (and the windows it opens) saves what the page downloads, under
   * the name the page gives, without asking. Unless given, where downloads go is the engine's own
   * default: nowhere (Chromium), ~/Downloads (Firefox), $HOME itself (WebKit: MiniBrowser with no
   * XDG download folder).
   */
  downloads?: string
}

/** How long a flow waits for one thing to appear, in ms: generous, so load never fails a flow. */
export const WAIT = 20_000

export const targetOf = (target: Target | string): Target =>
  typeof target === 'string' ? { selector: target } : target

/** Describes a target for error messages. */
export const describeTarget = ({ selector, text }: Target) =>
  text === undefined ? selector : `${selector} with text ${String(text)}`

/**
 * In the page: the first element that matches `selector` and whose text, aria-label, value, or
 * label contains `text` (a string) or matches `source`/`flags` (a RegExp), visible and enabled
 * when `usable`. Serialised into the page by both drivers.
 */
export function findInPage(
  selector: string,
  text: string | null,
  source: string | null,
  flags: string,
  usable: boolean,
): Element | null {
  const matches = (value: string | null | undefined) => {
    if (value == null) return false
    const flat = value.replace(/\s+/g, ' ').trim()
    return source !== null
      ? new RegExp(source, flags).test(flat)
      : text === null || flat.includes(text)
  }
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const html = element as HTMLElement
    const labels =
      'labels' in html
        ? Array.from((html as HTMLInputElement).labels ?? [], (label) => label.textContent)
        : []
    const named =
      (text === null && source === null) ||
      [html.innerText, element.textContent, element.getAttribute('aria-label'), ...labels].some(
        matches,
      )
    if (!named) continue
    if (!usable) return element
    const box = element.getBoundingClientRect()
    if (
      box.width > 0 &&
      box.height > 0 &&
      !(html as HTMLButtonElement).disabled &&
      getComputedStyle(element).visibility !== 'hidden'
    )
      return element
  }
  return null
}

/** The arguments of `findInPage` for a target. */
export const findArgs = (
  { selector, text }: Target,
  usable: boolean,
): [string, string | null, string | null, string, boolean] =>
  text instanceof RegExp
    ? [selector, null, text.source, text.flags, usable]
    : [selector, text ?? null, null, '', usable]

/** Polls `probe` every 100 ms until it resolves to a value (not false/null/undefined). */
export async function poll<T>(
  what: string,
  probe: () => Promise<T | false | null | undefined>,
  timeout = WAIT,
): Promise<T> {
  const deadline = Date.now() + timeout
  let last: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value !== false && value !== null && value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline)
      throw new Error(
        `Waited ${timeout / 1000} s for ${what}${last instanceof Error ? ` (last error: ${last.message.split('\n')[0]})` : ''}.`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** `text` with the value of every query parameter that carries a credential replaced by `…`. */
export const redactTokens = (text: string) =>
  text.replace(/([?&](?:token|link|ibv_invite|oauth_state_id)=)[^&\s"'`)]+/g, '$1…')

/**
 * Resolves once `element` has kept its place on screen for two animation frames in a row, or after
 * 3 s at most: a page that paints no frames (a tab in the background) or never stops moving is
 * clicked then, where the element is.
 */
export function settled(element: Element): Promise<void> {
  return new Promise((resolve) => {
    let done = false
    const finish = () => {
      done = true
      resolve()
    }
    setTimeout(finish, 3000)
    let last = ''
    let still = 0
    const tick = () => {
      if (done) return
      const box = element.getBoundingClientRect()
      const now = `${box.x},${box.y},${box.width},${box.height}`
      still = now === last ? still + 1 : 0
      last = now
      if (still >= 2) finish()
      else requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}
