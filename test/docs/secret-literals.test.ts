// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkSecretBytes, checkSecretText } from '../../src/server/secret-strength.js'

// M3 of issue 37: the invites guide (its backend part, now docs/guides/invites-backend.md) fell
// back to a secret printed in it when IBV_INVITE_SECRET was unset, and an invite forged with it
// worked. What a lender reads or copies (docs, examples, the demo, the README, stories and
// Storybook's own code, the TSDoc examples of src/) must hold no secret that the code would
// accept, and must read secrets from the environment with no fallback.
const ROOTS = ['docs', 'examples', 'demo', 'stories', '.storybook', 'src', 'README.md']
const SKIP = new Set(['node_modules', 'dist', '.vitepress', '.next', 'test-results'])
const TEXT = /\.(md|ts|tsx|mts|mjs|js|cjs|html|json|sh)$/
// The reference pages `npm run docs:api` generates from src/'s TSDoc (read above, in src/): whether
// they exist depends on what ran before, and `docs:build` may be writing them beside this test.
const GENERATED = /^docs\/reference\/[^/]+\//

function files(path: string): string[] {
  if (statSync(path).isFile()) return TEXT.test(path) ? [path] : []
  return readdirSync(path).flatMap((name) => (SKIP.has(name) ? [] : files(join(path, name))))
}

const lines = ROOTS.flatMap((root) => files(root))
  .filter((file) => !GENERATED.test(file))
  .flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((text, index) => ({ where: `${file}:${index + 1}`, text })),
  )

/** Whether the checker the library uses would take `value` as a secret. */
function accepted(value: string): boolean {
  try {
    if (value.startsWith('whsec_'))
      checkSecretBytes(
        'docs',
        'secret',
        Uint8Array.from(atob(value.slice(6)), (char) => char.charCodeAt(0)),
        24,
      )
    else checkSecretText('docs', 'secret', value)
    return true
  } catch {
    return false
  }
}

describe('secrets in docs, examples, the demo and TSDoc', () => {
  it('are read from the environment with no literal fallback', () => {
    const fallback = /process\.env(?:\.|\[['"])\w*SECRET\w*(?:['"]\])?\s*(?:\?\?|\|\|)\s*['"`]/i
    expect(
      lines
        .filter(({ text }) => fallback.test(text))
        .map(({ where, text }) => `${where}: ${text.trim()}`),
    ).toEqual([])
  })

  it('are never a literal the library would accept', () => {
    const literal = /(['"`])([^'"`\s]{20,})\1|\b(whsec_[A-Za-z0-9+/=]{8,})/g
    const near = lines.filter(({ text }) => /secret|whsec_/i.test(text))
    const found = near.flatMap(({ where, text }) =>
      Array.from(text.matchAll(literal), (match) => ({ where, value: match[2] ?? match[3] ?? '' })),
    )
    expect(found.length).toBeGreaterThan(20)
    expect(
      found.filter(({ value }) => accepted(value)).map(({ where, value }) => `${where}: ${value}`),
    ).toEqual([])
  })
})
