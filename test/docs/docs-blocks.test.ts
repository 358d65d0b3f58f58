import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { blocksOf, fencesOf, globRegExp, scanDoc, validateCopy } from '../../scripts/docs-blocks.mjs'

const doc = [
  '# Title', // 1
  '', // 2
  '```ts', // 3
  '// lib/ibv.ts — the backend', // 4
  'export const a = 1', // 5
  '```', // 6
  '```sh', // 7
  'npm test', // 8
  '```', // 9
  '```tsx fragment', // 10
  '<X />', // 11
  '```', // 12
  '```tsx render="Connect bank" render="Refresh report"', // 13
  '// 1. not a file name', // 14
  'export default function App() { return null }', // 15
  '```', // 16
].join('\n')

const OOPS = "const x: number = 'oops'"
const ids = (text: string) => blocksOf('README.md', text).map((block) => block.id)
const problems = (text: string) => scanDoc('README.md', text).problems

describe('docs-blocks', () => {
  it('takes the ts and tsx blocks with their Markdown line, file name, fragment mark and render texts', () => {
    const blocks = blocksOf('README.md', doc)
    expect(blocks.map(({ id, lang, name, fragment, renders }) => ({ id, lang, name, fragment, renders }))).toEqual([
      { id: 'README.md:4', lang: 'ts', name: 'lib/ibv.ts', fragment: false, renders: [] },
      { id: 'README.md:11', lang: 'tsx', name: undefined, fragment: true, renders: [] },
      { id: 'README.md:14', lang: 'tsx', name: undefined, fragment: false, renders: ['Connect bank', 'Refresh report'] },
    ])
    expect(blocks[0]?.code).toBe('// lib/ibv.ts — the backend\nexport const a = 1\n')
  })

  it('takes copy="path" as the file the block copies, and refuses it on a fragment or a rendered block', () => {
    const [block] = blocksOf('docs/testing.md', '```tsx copy="examples/lender-app/test/applicant.test.tsx"\nexport {}\n```')
    expect(block?.copy).toBe('examples/lender-app/test/applicant.test.tsx')
    expect(() => blocksOf('docs/testing.md', '```ts fragment copy="a.ts"\nx\n```')).toThrow('neither a fragment nor rendered')
    expect(() => blocksOf('docs/testing.md', '```tsx copy="a.ts" render="A"\nx\n```')).toThrow('neither a fragment nor rendered')
  })

  it('refuses an info string it does not know, and a fence that never closes', () => {
    expect(() => blocksOf('README.md', '```ts fragmnet\nx\n```')).toThrow('README.md:1: unknown info string "fragmnet"')
    expect(() => blocksOf('README.md', '```ts\nx\n')).toThrow('README.md:1: a fence that never closes')
    expect(() => blocksOf('README.md', '~~~ts\nx\n```\n')).toThrow('README.md:1: a fence that never closes')
  })
})

describe('fences, as CommonMark finds them', () => {
  it('takes a ```ts block right after a ````md block (the closing ```` is not an opening)', () => {
    const text = ['````md', '```ts', 'inside the md block', '```', '````', '```ts', OOPS, '```'].join('\n')
    const blocks = blocksOf('README.md', text)
    expect(blocks.map((block) => [block.id, block.code])).toEqual([['README.md:7', `${OOPS}\n`]])
  })

  it('skips other languages whatever their fence length, and closes only on as many or more of the same character', () => {
    const text = ['`````sh', '```', '~~~', '````', '`````', '~~~ts', '```', OOPS, '~~~~', 'after'].join('\n')
    expect(blocksOf('README.md', text).map((block) => [block.id, block.code])).toEqual([['README.md:7', `\`\`\`\n${OOPS}\n`]])
    expect(fencesOf('```ts\nx\n``` not a close\n```').map((fence) => fence.body)).toEqual([['x', '``` not a close']])
  })

  it('takes tilde fences', () => {
    expect(ids(`~~~ts\n${OOPS}\n~~~`)).toEqual(['README.md:2'])
    expect(ids(`~~~~tsx render="A"\nexport default () => null\n~~~~`)).toEqual(['README.md:2'])
  })

  it('takes indented fences and fences in list items, removing the indentation', () => {
    const blocks = blocksOf('README.md', ['   ```ts', `   ${OOPS}`, '     nested', '   ```'].join('\n'))
    expect(blocks.map((block) => block.code)).toEqual([`${OOPS}\n  nested\n`])
    const list = ['1. Install it', '', '   ```ts', `   ${OOPS}`, '   ```', '- ```tsx', `  ${OOPS}`, '  ```', '  - deeper', '', '        ```ts', `        ${OOPS}`, '        ```'].join('\n')
    expect(blocksOf('README.md', list).map((block) => [block.id, block.code])).toEqual([
      ['README.md:4', `${OOPS}\n`],
      ['README.md:7', `${OOPS}\n`],
      ['README.md:12', `${OOPS}\n`],
    ])
  })

  it('takes fences in blockquotes, ending them with the blockquote', () => {
    expect(blocksOf('README.md', `> \`\`\`ts\n> ${OOPS}\n> \`\`\``).map((block) => block.code)).toEqual([`${OOPS}\n`])
    expect(fencesOf('> ```ts\n> x\n\n```ts\ny\n```').map((fence) => [fence.open, fence.body])).toEqual([[0, ['x']], [3, ['y']]])
  })

  it('does not take inline code at the start of a line for a fence', () => {
    expect(fencesOf('```ts``` is inline\n```ts\nx\n```').map((fence) => fence.open)).toEqual([1])
  })
})

describe('language tags', () => {
  it.each(['typescript', 'TS', 'Ts', 'TSX', 'js', 'JS', 'jsx', 'javascript', 'mjs', 'cjs', 'mts', 'cts', 'ts,fragment', '{.ts}'])(
    'refuses ```%s, naming the line and ```ts / ```tsx',
    (tag) => {
      expect(problems(`text\n\n\`\`\`${tag}\n${OOPS}\n\`\`\``)).toEqual([expect.stringMatching(/^README\.md:3: a ```.* block is not checked: write it as ```ts or ```tsx/)])
    },
  )

  it('refuses them with tildes and indented too', () => {
    expect(problems(`~~~typescript\n${OOPS}\n~~~`)).toEqual([expect.stringContaining('README.md:1: a ```typescript block')])
    expect(problems(`- item\n\n  \`\`\`mts\n  ${OOPS}\n  \`\`\``)).toEqual([expect.stringContaining('README.md:3: a ```mts block')])
  })

  it('ignores other languages', () => {
    const text = ['```sh', 'npm i', '```', '```json', '{}', '```', '```conf', 'a=1', '```', '```md', '# x', '```', '```text', 'x', '```', '```', 'bare', '```'].join('\n')
    expect(scanDoc('README.md', text)).toEqual({ blocks: [], problems: [] })
  })
})

describe('directives', () => {
  it.each(['// @ts-nocheck', '// @ts-ignore', '// @ts-expect-error', '/* @ts-ignore */'])('refuses %s in a block, with its line', (directive) => {
    expect(problems(`# x\n\`\`\`ts\nimport { a } from 'b'\n${directive}\n${OOPS}\n\`\`\``)).toEqual([expect.stringMatching(/^README\.md:4: @ts-\S+ in a documented example/)])
  })

  it('refuses them in fragments and rendered blocks too', () => {
    expect(problems(`\`\`\`tsx fragment\n// @ts-nocheck\n\`\`\``)).toHaveLength(1)
    expect(problems(`\`\`\`tsx render="A"\n// @ts-ignore\n\`\`\``)).toHaveLength(1)
  })
})

describe('copy="path" targets', () => {
  const root = mkdtempSync(join(tmpdir(), 'ibv-docs-copy-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const write = (path: string, text = 'export {}\n') => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  write('tsconfig.json', JSON.stringify({ include: ['src', 'test', 'examples', 'scripts', '*.ts'], exclude: ['test/excluded'] }))
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
  ])
    write(path)
  symlinkSync(join(root, 'test/helper.ts'), join(root, 'test/link.test.ts'))

  const check = (copy: string, lang: 'ts' | 'tsx' = copy.endsWith('.tsx') ? 'tsx' : 'ts') => {
    const [block] = blocksOf('docs/testing.md', `\n\`\`\`${lang} copy="${copy}"\nexport {}\n\`\`\``)
    if (!block) throw new Error('no block')
    return validateCopy(root, block)
  }

  it('accepts the files npm test type-checks and runs', () => {
    for (const copy of ['test/a.test.ts', 'test/deep/b.test.tsx', 'examples/lender-app/test/applicant.test.tsx', 'examples/lender-app/e2e/applicant.spec.ts', 'examples/lender-app/playwright.config.ts'])
      expect(check(copy), copy).toBeUndefined()
  })

  it('refuses a file no test runs', () => {
    expect(check('examples/unrun/broken.ts')).toBe('docs/testing.md:3: copy="examples/unrun/broken.ts" is not a file npm test runs (a *.test.ts(x) of a Vitest project, a *.spec.ts under examples/lender-app/e2e/, or examples/lender-app/playwright.config.ts)')
    for (const copy of ['test/helper.ts', 'test/types.test-d.ts', 'examples/lender-app/vite.config.ts']) expect(check(copy), copy).toContain('is not a file npm test runs')
  })

  it('refuses a file tsconfig.json does not type-check', () => {
    expect(check('test/excluded/c.test.ts')).toContain('is not type-checked by tsconfig.json')
    expect(check('other/d.test.ts')).toContain('is not type-checked by tsconfig.json')
  })

  it('refuses a file that is not .ts for ```ts or .tsx for ```tsx', () => {
    expect(check('scripts/chromium.mjs', 'ts')).toBe('docs/testing.md:3: copy="scripts/chromium.mjs" is not a .ts file (the block is ```ts)')
    expect(check('test/deep/b.test.tsx', 'ts')).toContain('is not a .ts file')
    expect(check('test/a.test.ts', 'tsx')).toContain('is not a .tsx file')
  })

  it('refuses a path outside the repository, a missing file and a link', () => {
    expect(check('../outside.ts')).toBe('docs/testing.md:3: copy="../outside.ts" is outside the repository')
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
    expect(['test/a.test.js', 'tests/a.test.ts', 'test/.hidden/a.test.ts', 'test/a.test.tsx.bak'].some((path) => glob.test(path))).toBe(false)
    expect(globRegExp('*.ts').test('vite.config.ts')).toBe(true)
    expect(globRegExp('*.ts').test('src/a.ts')).toBe(false)
  })
})
