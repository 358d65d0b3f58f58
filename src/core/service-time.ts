// The service's own clock, as its reports state it. `created_at` is "YYYY-MM-DD HH:MM:SS" with no
// zone: a wall-clock time of the service, which a browser's clock (often hours or days off, in
// another zone) must never stand in for. These helpers keep it as that wall clock, in UTC
// milliseconds, so it is shown as the service wrote it (format it with `timeZone: 'UTC'`).

/** The refresh window of the service API's limits: one refresh per 24 hours. */
export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000

const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/

/**
 * A service timestamp (`created_at`, "YYYY-MM-DD HH:MM:SS") as milliseconds of its wall clock
 * read as UTC, or undefined when it is not one.
 *
 * @example
 * new Date(serviceTime('2026-11-28 14:38:00')!).toLocaleString('en-US', { timeZone: 'UTC' }) // '11/28/2026, 2:38:00 PM'
 */
export function serviceTime(text: unknown): number | undefined {
  const parts = typeof text === 'string' ? SERVICE_TIME.exec(text) : null
  if (!parts) return undefined
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1)
    .map((part) => Number(part ?? 0))
  const time = Date.UTC(year, month - 1, day, hour, minute, second)
  // Date.UTC rolls "2026-02-31" over to March: such a date is not one.
  return new Date(time).getUTCDate() === day && hour < 24 && minute < 60 && second < 60
    ? time
    : undefined
}
