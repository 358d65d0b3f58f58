import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from '../../src/core/english.js'

// The docs quote what the components say. A quote that starts like one of the English texts must
// be that text, whole ({placeholders} filled in any way), so the docs never show words the
// components no longer say (the messages in src/core are the one source).
const root = join(import.meta.dirname, '../..')
const PREFIX = 24

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return value && typeof value === 'object' ? Object.values(value).flatMap(texts) : []
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    // The reference pages are generated from the sources' comments.
    if (entry.isDirectory())
      return entry.name === 'reference' || entry.name.startsWith('.') ? [] : markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** Prose quotes ("…", over lines within a paragraph), outside code fences and inline code. */
function quotes(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/"([^"]{8,400}?)"/g)]
    .map((match) => match[1]!)
    .filter((quote) => !quote.includes('\n\n'))
    .map((quote) => quote.replace(/\s*\n\s*/g, ' '))
}

/** Whether `quote` is `text` whole, its {placeholders} filled in any way ("…" where the docs leave one open). */
function isQuoteOf(text: string, quote: string): boolean {
  const escape = (part: string) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')
  return new RegExp(
    `^${text
      .split(/\{\w+\}/)
      .map(escape)
      .join('.+?')}$`,
  ).test(quote)
}

describe('texts quoted in the docs', () => {
  const messages = texts(en.messages).filter((text) => text.length >= PREFIX)
  const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))]

  it.each(files.map((file) => relative(root, file)))(
    '%s quotes the components as they speak',
    (file) => {
      const wrong = quotes(readFileSync(join(root, file), 'utf8')).flatMap((quote) => {
        const like = messages.filter((text) => quote.slice(0, PREFIX) === text.slice(0, PREFIX))
        return like.length > 0 && !like.some((text) => isQuoteOf(text, quote))
          ? [`"${quote}" is not what the components say: "${like[0]}"`]
          : []
      })
      expect(wrong).toEqual([])
    },
  )
})
