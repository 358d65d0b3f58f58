// What scripts/bundlers-e2e.mjs reads in Chromium: the computed colours of each themed part of the
// probe page (scripts/bundlers/app.mjs), with the connect dialog open, for one host-page case.

/** @typedef {Record<string, Record<string, string> | null>} Colours part name → CSS property → computed value */

/** Each part the theme colours, and the properties read of it. */
/** @type {Record<string, [string, string[]]>} */
const PARTS = {
  'connect button': ['.ibv-connect-button', ['color', 'background-color', 'border-top-color']],
  badge: ['.ibv-badge', ['color', 'border-top-color']],
  'reconnect prompt': ['.ibv-reconnect', ['color', 'background-color', 'border-top-color']],
  'reconnect link': ['.ibv-reconnect__link', ['color', 'background-color']],
  'report view': ['.ibv-report-view', ['color', 'background-color']],
  'report account': [
    '.ibv-report-view__account',
    ['color', 'background-color', 'border-top-color'],
  ],
  'open dialog': ['.ibv-connect-dialog[open]', ['color', 'background-color', 'border-top-color']],
  'dialog header': [
    '.ibv-connect-dialog[open] .ibv-connect-dialog__header',
    ['color', 'background-color', 'border-bottom-color'],
  ],
}

/**
 * Opens `url` in a new context (`colorScheme` is the OS's), opens the connect dialog and reads the colours.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {'light' | 'dark'} colorScheme
 * @param {(page: import('playwright-core').Page) => Promise<void>} [prepare] runs before the page loads
 * @returns {Promise<Colours>}
 */
export async function readColours(browser, url, colorScheme, prepare) {
  const context = await browser.newContext({ colorScheme })
  const page = await context.newPage()
  try {
    /** @type {string[]} */
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await prepare?.(page)
    await page.goto(url)
    const ready = (/** @type {string} */ selector) =>
      page.waitForSelector(selector, { timeout: 20_000 }).catch(() => {
        throw new Error(
          `${url}: ${selector} did not show${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`,
        )
      })
    await ready('.ibv-report-view')
    await page.click('.ibv-connect-button')
    await ready('.ibv-connect-dialog[open] .ibv-connect-dialog__header')
    return await page.evaluate((parts) => {
      /** @type {Record<string, Record<string, string> | null>} */
      const colours = {}
      for (const [name, [selector, properties]] of Object.entries(parts)) {
        const element = document.querySelector(selector)
        const style = element && getComputedStyle(element)
        colours[name] =
          style &&
          Object.fromEntries(
            properties.map((property) => [property, style.getPropertyValue(property)]),
          )
      }
      return colours
    }, PARTS)
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  }
}

/**
 * The differences between two readings, one line each ('' when they agree).
 * @param {Colours} expected
 * @param {Colours} actual
 */
export function differences(expected, actual) {
  return Object.entries(expected).flatMap(([part, properties]) => {
    if (!properties) return [`${part}: missing on the dev server too`]
    if (!actual[part]) return [`${part}: missing`]
    return Object.entries(properties ?? {})
      .filter(([property, value]) => actual[part]?.[property] !== value)
      .map(
        ([property, value]) =>
          `${part} ${property}: ${actual[part]?.[property]} (dev server: ${value})`,
      )
  })
}

/**
 * Red, green and blue of a computed colour, 0–255: `rgb(…)` as it is, `color(srgb …)` (what
 * Chromium computes a color-mix() to) scaled from 0–1 and rounded.
 * @type {(value: string) => number[]}
 */
const channels = (value) => {
  const numbers = (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
  return value.startsWith('color(srgb') ? numbers.map((v) => Math.round(v * 255)) : numbers
}

/**
 * The reading with every opaque colour written as `rgb(r, g, b)`, to compare a mixed colour with a plain one.
 * @param {Colours} colours
 * @returns {Colours}
 */
export const asRgb = (colours) =>
  Object.fromEntries(
    Object.entries(colours).map(([part, properties]) => [
      part,
      properties &&
        Object.fromEntries(
          Object.entries(properties).map(([name, value]) => [
            name,
            value.startsWith('color(srgb') && !value.includes('/')
              ? `rgb(${channels(value).join(', ')})`
              : value,
          ]),
        ),
    ]),
  )

/**
 * WCAG's contrast ratio of two computed colours.
 * @param {string} a
 * @param {string} b
 */
export function contrast(a, b) {
  const luminance = (/** @type {string} */ value) => {
    const [r = 0, g = 0, bl = 0] = channels(value).map((v) =>
      v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
    )
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05)
}

/**
 * What makes a reading light or dark, checked whatever the dev server shows: the reconnect prompt's
 * surface, the report's text and the badge's contrast on that surface, in the components' scheme;
 * the dialog's surface in the OS's (its chrome follows the OS, as the widget page inside it does).
 * @param {Colours} colours
 * @param {'light' | 'dark'} components
 * @param {'light' | 'dark'} dialog
 * @returns {string[]} problems
 */
export function schemeProblems(colours, components, dialog) {
  const surface = colours['reconnect prompt']?.['background-color'] ?? ''
  const text = colours['report view']?.color ?? ''
  const dialogSurface = colours['open dialog']?.['background-color'] ?? ''
  const badge = colours.badge?.color ?? ''
  /** @type {(scheme: 'light' | 'dark', value: string) => boolean} a surface of that scheme */
  const isSurface = (scheme, value) =>
    channels(value).length === 3 &&
    channels(value).every((v) => (scheme === 'light' ? v > 200 : v < 60))
  return [
    !isSurface(components, surface) &&
      `reconnect prompt background ${surface || 'none'} is not ${components}`,
    contrast(text, surface) < 7 &&
      `report text ${text || 'none'} on ${surface}: contrast ${contrast(text, surface).toFixed(2)} < 7`,
    contrast(badge, surface) < 4.5 &&
      `badge ${badge} on ${surface}: contrast ${contrast(badge, surface).toFixed(2)} < 4.5`,
    !isSurface(dialog, dialogSurface) &&
      `dialog background ${dialogSurface || 'none'} is not ${dialog}`,
  ].filter((problem) => typeof problem === 'string')
}
