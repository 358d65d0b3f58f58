import { describe, expect, it } from 'vitest'
import { REPORT_STATUSES, describeStatus } from '../../src/core/index.js'
import { defaultMessages } from '../../src/index.js'
import { REPORT_VIEW_TEXT } from '../../src/core/report-view-text.js'

// Staff say "applicant" and "bank"; the borrower is spoken to as "you". Neither voice uses the
// provider's words. Placeholders (`{consumer}`) are names in code, not words on screen.
const BANNED = [/\bconsumers?\b/i, /aggregator/i, /\bIBV\b/, /product requests?/i, /\bFI\b/]

/** Every text of a messages object, nested maps included, with its key path. */
function texts(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value.replace(/\{\w+\}/g, '')]]
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${path}.${key}`))
  return []
}

describe('the default texts speak plainly', () => {
  // The report view's texts are reviewed with its formatting, on their own.
  const reviewed = Object.fromEntries(
    Object.entries(defaultMessages).filter(([key]) => !(key in REPORT_VIEW_TEXT)),
  )

  it.each(texts(reviewed, 'messages'))('%s has no provider jargon', (_path, text) => {
    for (const word of BANNED) expect(text).not.toMatch(word)
  })

  it.each(REPORT_STATUSES.map((status) => [status]))(
    'the staff description of %s has no provider jargon',
    (status) => {
      const { description, label } = describeStatus(status)
      for (const word of BANNED) {
        expect(description).not.toMatch(word)
        expect(label).not.toMatch(word)
      }
    },
  )
})
