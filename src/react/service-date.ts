'use client'
import { serviceTime } from '../core/index.js'

/**
 * A service timestamp (`created_at`) in words, as the service wrote it: its wall clock, not
 * converted to the reader's zone (the service gives none). `at`: milliseconds added first.
 * Undefined when the text is not a timestamp.
 */
export function formatServiceTime(
  createdAt: unknown,
  options: Intl.DateTimeFormatOptions,
  locale: string,
  at = 0,
): string | undefined {
  const time = serviceTime(createdAt)
  return time === undefined
    ? undefined
    : new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(time + at)
}
