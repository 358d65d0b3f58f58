import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  copyDrift,
  globRegExp,
  validateCopy,
  validateSame,
} from '../../scripts/docs-block-copies.mjs'
import { blocksOf, scanDoc } from '../../scripts/docs-blocks.mjs'

describe('copy="path" targets', () => {
  const root = mkdtempSync(join(tmpdir(), 'ibv-docs-copy-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const write = (path: string, text = 'export {}\n') => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  write(
    'tsconfig.json',
    JSON.stringify({
      include: ['src', 'test', 'examples', 'scripts', '*.ts'],
      exclude: ['test/excluded'],
    }),
  )
  write(
    'vitest.config.ts',
    "export default { test: { projects: [\n{ test: { include: ['test/**/*.test.{ts,tsx}'], typecheck: { include: ['test/**/*.test-d.ts'] } } },\n{ test: { include: ['examples/lender-app/test/**/*.test.{ts,tsx}'] } },\n] } }\n",
  )
  for (const path of [
    'test/a.test.ts',
    'test/deep/b.test.tsx',
    'test/types.test-d.ts',
    'test/excluded/c.test.ts',
    'test/helper.ts',
    'examples/unrun/broken.ts',
    'examples/lender-app/test/applicant.test.tsx',
    'examples/lender-app/e2e/applicant.spec.ts',
    'examples/lender-app/playwright.config.ts',
    'examples/lender-app/vite.config.ts',
    'scripts/chromium.mjs',
    'other/d.test.ts',
    'test/jest/connect.test.cjs',
    'test/unrun/other.cjs',
  ])
    write(path)
  symlinkSync(join(root, 'test/helper.ts'), join(root, 'test/link.test.ts'))

  const check = (
    copy: string,
    lang: 'ts' | 'tsx' | 'js' = copy.endsWith('.tsx') ? 'tsx' : copy.endsWith('.cjs') ? 'js' : 'ts',
  ) => {
    const [block] = blocksOf('docs/testing.md', `\n\`\`\`${lang} copy="${copy}"\nexport {}\n\`\`\``)
    if (!block) throw new Error('no block')
    return validateCopy(root, block)
  }

  it('accepts the files npm test type-checks and runs', () => {
    for (const copy of [
      'test/a.test.ts',
      'test/deep/b.test.tsx',
      'examples/lender-app/test/applicant.test.tsx',
      'examples/lender-app/e2e/applicant.spec.ts',
      'examples/lender-app/playwright.config.ts',
      'test/jest/connect.test.cjs',
    ])
      expect(check(copy), copy).toBeUndefined()
  })

  it('refuses a file no test runs', () => {
    expect(check('examples/unrun/broken.ts')).toBe(
      'docs/testing.md:3: copy="examples/unrun/broken.ts" is not a file npm test runs (a *.test.ts(x) of a Vitest project, a *.spec.ts under examples/lender-app/e2e/, examples/lender-app/playwright.config.ts, or a .cjs under test/jest/)',
    )
    for (const copy of [
      'test/helper.ts',
      'test/types.test-d.ts',
      'examples/lender-app/vite.config.ts',
      'test/unrun/other.cjs',
    ])
      expect(check(copy), copy).toContain('is not a file npm test runs')
  })

  it('refuses a file tsconfig.json does not type-check', () => {
    expect(check('test/excluded/c.test.ts')).toContain('is not type-checked by tsconfig.json')
    expect(check('other/d.test.ts')).toContain('is not type-checked by tsconfig.json')
  })

  it('refuses a file that is not .ts for ```ts or .tsx for ```tsx', () => {
    expect(check('scripts/chromium.mjs', 'ts')).toBe(
      'docs/testing.md:3: copy="scripts/chromium.mjs" is not a .ts file (the block is ```ts)',
    )
    expect(check('test/deep/b.test.tsx', 'ts')).toContain('is not a .ts file')
    expect(check('test/a.test.ts', 'tsx')).toContain('is not a .tsx file')
    expect(check('test/a.test.ts', 'js')).toBe(
      'docs/testing.md:3: copy="test/a.test.ts" is not a .cjs file (the block is ```js)',
    )
    expect(check('test/jest/connect.test.cjs', 'ts')).toContain('is not a .ts file')
  })

  it('says where a copy differs from its file (copyDrift), and nothing when it is the file', () => {
    write('test/drift.test.ts', 'export {}\nconst a = 1\n')
    const [same, drifted] = blocksOf(
      'docs/testing.md',
      '\n```ts copy="test/drift.test.ts"\nexport {}\nconst a = 1\n```\n```ts copy="test/drift.test.ts"\nexport {}\nconst a = 2\n```',
    )
    if (!same || !drifted) throw new Error('no block')
    expect(copyDrift(root, same)).toBeUndefined()
    expect(copyDrift(root, drifted)).toBe(
      'docs/testing.md:8: differs from test/drift.test.ts:2 (block: "const a = 2", file: "const a = 1")',
    )
  })

  it('refuses a path outside the repository, a missing file and a link', () => {
    expect(check('../outside.ts')).toBe(
      'docs/testing.md:3: copy="../outside.ts" is outside the repository',
    )
    expect(check('../outside.txt')).toContain('is outside the repository')
    expect(check('test/../../x.test.ts')).toContain('is outside the repository')
    expect(check(join(root, 'test/a.test.ts'))).toContain('is outside the repository')
    expect(check('test/missing.test.ts')).toContain('names no file')
    expect(check('test')).toContain('is not a .ts file')
    expect(check('test/link.test.ts')).toContain('is a link')
  })
})

describe('globRegExp', () => {
  it('reads ** / * / ? / {a,b} as tsconfig.json and Vitest do', () => {
    const glob = globRegExp('test/**/*.test.{ts,tsx}')
    expect(['test/a.test.ts', 'test/x/y/a.test.tsx'].every((path) => glob.test(path))).toBe(true)
    expect(
      ['test/a.test.js', 'tests/a.test.ts', 'test/.hidden/a.test.ts', 'test/a.test.tsx.bak'].some(
        (path) => glob.test(path),
      ),
    ).toBe(false)
    expect(globRegExp('*.ts').test('vite.config.ts')).toBe(true)
    expect(globRegExp('*.ts').test('src/a.ts')).toBe(false)
  })
})

describe('same="doc.md" blocks', () => {
  const readme = blocksOf(
    'README.md',
    '```ts\n// vite.config.ts\nexport default 1\n```\n\n```tsx\n// src/App.tsx\nexport default 2\n```',
  )
  const page = (code: string, info = 'same="README.md"') =>
    blocksOf('docs/getting-started/vite.md', `# Vite\n\n\`\`\`tsx ${info}\n${code}\n\`\`\``)
  const check = (code: string, info?: string) => {
    const [block] = page(code, info)
    if (!block) throw new Error('no block')
    return validateSame([...readme, block], block)
  }

  it('accepts a block equal to the one naming the same file', () => {
    expect(check('// src/App.tsx\nexport default 2')).toBeUndefined()
  })

  it('refuses one that drifted, naming both lines', () => {
    expect(check('// src/App.tsx\nexport default 3')).toBe(
      'docs/getting-started/vite.md:5: differs from README.md:8, the block it repeats (here: "export default 3", there: "export default 2"); copy the README\'s block again',
    )
  })

  it('refuses a file the other page does not have, an unknown page, and a block without a file name', () => {
    expect(check('// src/main.tsx\nexport default 2')).toContain(
      'README.md has no block naming src/main.tsx',
    )
    expect(check('// src/App.tsx\nexport default 2', 'same="docs/nope.md"')).toContain(
      'names no checked Markdown file',
    )
    expect(scanDoc('docs/a.md', '```tsx same="README.md"\nexport default 2\n```').problems).toEqual(
      [expect.stringContaining('names its file in its first line')],
    )
    expect(
      scanDoc('docs/a.md', '```tsx same="README.md" render="A"\n// src/App.tsx\n```').problems,
    ).toEqual([expect.stringContaining('compared, not rendered or served')])
  })
})
