/**
 * Reads a whole-number option: `fallback` when it is undefined, else the value itself when it is a
 * safe integer from `min` up. Anything else (a string, `-1`, `NaN`, `Infinity`, `1.5`) throws a
 * `RangeError` that names the function, the option and what it got, at construction, so a typo in
 * configuration fails at start-up rather than at the first request.
 *
 * @example
 * const maxStreams = wholeNumberOption('createIbvBackend', 'maxStreams', options.maxStreams, 1000)
 */
export function wholeNumberOption(
  owner: string,
  name: string,
  value: unknown,
  fallback: number,
  min = 1,
): number {
  if (value === undefined) return fallback
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value
  const got =
    typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
      ? String(value)
      : typeof value === 'string'
        ? JSON.stringify(value)
        : typeof value
  throw new RangeError(`${owner}: ${name} must be a whole number from ${min} up, not ${got}.`)
}

/**
 * Reads a list of origins (`allowedOrigins`): each must be an origin exactly as a browser sends it
 * in `Origin` (`https://app.example.com`: lower-case scheme and host, a port only when not the
 * default, no path, no trailing slash). Anything else throws a `TypeError` at construction: such
 * an entry would never match, or, written `null`, would let in every sandboxed or `file:` page.
 */
export function originsOption(owner: string, name: string, value: unknown): Set<string> {
  if (value === undefined) return new Set()
  if (!Array.isArray(value))
    throw new TypeError(
      `${owner}: ${name} must be an array of origins, such as ['https://app.example.com'].`,
    )
  for (const entry of value as unknown[]) {
    let origin: string | undefined
    try {
      origin = typeof entry === 'string' ? new URL(entry).origin : undefined
    } catch {
      origin = undefined
    }
    if (origin === undefined || origin === 'null' || origin !== entry) {
      throw new TypeError(
        `${owner}: ${name} takes origins as a browser sends them (https://app.example.com: no path, no trailing slash, lower case), not ${JSON.stringify(entry)}.`,
      )
    }
  }
  return new Set(value as string[])
}

/** The longest delay a timer takes: a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Reads a duration in milliseconds that a timer will wait: as `wholeNumberOption` (from 1 up), and
 * at most `MAX_TIMER_MS`, since a longer timer would fire at once, with a `RangeError` that says so.
 */
export function timerOption(owner: string, name: string, value: unknown, fallback: number): number {
  const ms = wholeNumberOption(owner, name, value, fallback)
  if (ms > MAX_TIMER_MS)
    throw new RangeError(
      `${owner}: ${name} must be at most ${MAX_TIMER_MS} (the longest timer), not ${ms}.`,
    )
  return ms
}
