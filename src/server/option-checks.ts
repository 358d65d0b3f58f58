/**
 * Reads a whole-number option: `fallback` when it is undefined, else the value itself when it is a
 * safe integer from `min` up. Anything else (a string, `-1`, `NaN`, `Infinity`, `1.5`) throws a
 * `RangeError` that names the function, the option and what it got, at construction, so a typo in
 * configuration fails at start-up rather than at the first request.
 *
 * @example
 * const maxStreams = wholeNumberOption('createIbvBackend', 'maxStreams', options.maxStreams, 1000)
 */
export function wholeNumberOption(owner: string, name: string, value: unknown, fallback: number, min = 1): number {
  if (value === undefined) return fallback
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value
  const got = typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : typeof value
  throw new RangeError(`${owner}: ${name} must be a whole number from ${min} up, not ${got}.`)
}
