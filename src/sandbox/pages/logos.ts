import { escapeHtml } from './html.js'

// Monogram logos for the sandbox's fictional banks: inline SVG made here, no image requests, and
// presentation attributes only (the pages' CSP allows no inline style). Decorative: the bank's
// name is always written next to it, so screen readers skip the logo.
const COLOURS = [
  '#1f5fbf',
  '#8a3ffc',
  '#0e7c66',
  '#b3261e',
  '#8a5300',
  '#005f8a',
  '#6b3fa0',
  '#3d6b00',
  '#a4336b',
  '#37474f',
] as const

function hash(text: string): number {
  let value = 0
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0
  return value
}

/** Up to two capital letters: the first letters of the first two words that are not "&". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

/** A 40 × 40 rounded square in the bank's colour with its initials in white (contrast ≥ 4.5:1). */
export function monogram(id: string, name: string, size = 40): string {
  const colour = COLOURS[hash(id) % COLOURS.length] ?? COLOURS[0]
  return `<svg class="logo" viewBox="0 0 40 40" width="${size}" height="${size}" aria-hidden="true" focusable="false"><rect width="40" height="40" rx="10" fill="${colour}"/><text x="20" y="25.5" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" font-weight="700" fill="#fff">${escapeHtml(initials(name))}</text></svg>`
}
