import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { blocksOf, docFiles, renderPattern, scanDoc } from '../../scripts/docs-blocks.mjs'

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
const problems = (text: string) => scanDoc('README.md', text).problems

describe('docs-blocks', () => {
  it('takes the ts and tsx blocks with their Markdown line, file name, fragment mark and render texts', () => {
    const blocks = blocksOf('README.md', doc)
    expect(
      blocks.map(({ id, lang, name, fragment, renders }) => ({
        id,
        lang,
        name,
        fragment,
        renders,
      })),
    ).toEqual([
      { id: 'README.md:4', lang: 'ts', name: 'lib/ibv.ts', fragment: false, renders: [] },
      { id: 'README.md:11', lang: 'tsx', name: undefined, fragment: true, renders: [] },
      {
        id: 'README.md:14',
        lang: 'tsx',
        name: undefined,
        fragment: false,
        renders: ['Connect bank', 'Refresh report'],
      },
    ])
    expect(blocks[0]?.code).toBe('// lib/ibv.ts — the backend\nexport const a = 1\n')
  })

  it('takes copy="path" as the file the block copies, and refuses it on a fragment or a rendered block', () => {
    const [block] = blocksOf(
      'docs/testing.md',
      '```tsx copy="examples/lender-app/test/applicant.test.tsx"\nexport {}\n```',
    )
    expect(block?.copy).toBe('examples/lender-app/test/applicant.test.tsx')
    expect(() => blocksOf('docs/testing.md', '```ts fragment copy="a.ts"\nx\n```')).toThrow(
      'neither a fragment nor rendered',
    )
    expect(() => blocksOf('docs/testing.md', '```tsx copy="a.ts" render="A"\nx\n```')).toThrow(
      'neither a fragment nor rendered',
    )
  })

  it('refuses an info string it does not know, and a fence that never closes', () => {
    expect(() => blocksOf('README.md', '```ts fragmnet\nx\n```')).toThrow(
      'README.md:1: unknown info string "fragmnet"',
    )
    expect(() => blocksOf('README.md', '```ts\nx\n')).toThrow(
      'README.md:1: a fence that never closes',
    )
    expect(() => blocksOf('README.md', '~~~ts\nx\n```\n')).toThrow(
      'README.md:1: a fence that never closes',
    )
  })
})

describe('language tags', () => {
  it.each([
    'typescript',
    'TS',
    'Ts',
    'TSX',
    'js',
    'JS',
    'jsx',
    'javascript',
    'mjs',
    'cjs',
    'mts',
    'cts',
    'ts,fragment',
    '{.ts}',
  ])('refuses ```%s, naming the line and ```ts / ```tsx', (tag) => {
    expect(problems(`text\n\n\`\`\`${tag}\n${OOPS}\n\`\`\``)).toEqual([
      expect.stringMatching(
        /^README\.md:3: a ```.* block is not checked: write it as ```ts or ```tsx/,
      ),
    ])
  })

  it('takes ```js only as copy="…" of a file (a CommonJS test npm test runs), and nothing else with it', () => {
    const [block] = blocksOf(
      'docs/testing.md',
      '```js copy="test/jest/connect.test.cjs"\nconst a = 1\n```',
    )
    expect(block).toMatchObject({ lang: 'js', copy: 'test/jest/connect.test.cjs', fragment: false })
    expect(problems('```js fragment\nx\n```')).toEqual([
      expect.stringContaining('README.md:1: a ```js block is not checked'),
    ])
    expect(problems('```cjs copy="test/jest/connect.test.cjs"\nx\n```')).toEqual([
      expect.stringContaining('README.md:1: a ```cjs block is not checked'),
    ])
    expect(() =>
      blocksOf('docs/testing.md', '```js copy="test/jest/a.test.cjs" fragment\nx\n```'),
    ).toThrow('neither a fragment nor rendered')
  })

  it('refuses them with tildes and indented too', () => {
    expect(problems(`~~~typescript\n${OOPS}\n~~~`)).toEqual([
      expect.stringContaining('README.md:1: a ```typescript block'),
    ])
    expect(problems(`- item\n\n  \`\`\`mts\n  ${OOPS}\n  \`\`\``)).toEqual([
      expect.stringContaining('README.md:3: a ```mts block'),
    ])
  })

  it('ignores other languages', () => {
    const text = [
      '```sh',
      'npm i',
      '```',
      '```json',
      '{}',
      '```',
      '```conf',
      'a=1',
      '```',
      '```md',
      '# x',
      '```',
      '```text',
      'x',
      '```',
      '```',
      'bare',
      '```',
    ].join('\n')
    expect(scanDoc('README.md', text)).toEqual({ blocks: [], problems: [] })
  })
})

describe('directives', () => {
  it.each(['// @ts-nocheck', '// @ts-ignore', '// @ts-expect-error', '/* @ts-ignore */'])(
    'refuses %s in a block, with its line',
    (directive) => {
      expect(
        problems(`# x\n\`\`\`ts\nimport { a } from 'b'\n${directive}\n${OOPS}\n\`\`\``),
      ).toEqual([expect.stringMatching(/^README\.md:4: @ts-\S+ in a documented example/)])
    },
  )

  it('refuses them in fragments and rendered blocks too', () => {
    expect(problems(`\`\`\`tsx fragment\n// @ts-nocheck\n\`\`\``)).toHaveLength(1)
    expect(problems(`\`\`\`tsx render="A"\n// @ts-ignore\n\`\`\``)).toHaveLength(1)
  })
})

describe('declare placeholders', () => {
  it.each([
    'declare function save(id: string): void',
    'export declare function emailLink(to: string): void',
    'declare const user: { id: string }',
    'declare let x: number',
    'declare class Mailer {}',
    'declare async function f(): Promise<void>',
  ])('refuses `%s`, with its line and what to write instead', (line) => {
    expect(problems(`# x\n\`\`\`tsx\nimport { a } from 'b'\n${line}\n\`\`\``)).toEqual([
      expect.stringMatching(
        /^README\.md:4: `declare \w+[\w ]*` in a documented example: .*has no value at run time.*Write a small real/,
      ),
    ])
  })

  it('names the placeholder in the message', () => {
    expect(problems('```ts\ndeclare function save(id: string): void\n```')[0]).toContain(
      'throws "save is not defined"',
    )
  })

  it('refuses them in fragments too, and leaves `declare module` and `declare global` alone', () => {
    expect(problems('```ts fragment\ndeclare const x: number\n```')).toHaveLength(1)
    expect(
      problems(
        "```ts\ndeclare module 'ibv-kit' {}\ndeclare global { interface Window { x: 1 } }\nconst declared = 1\n```",
      ),
    ).toEqual([])
  })
})

describe('runnable blocks: render, connect, serve', () => {
  it('takes connect with render on a tsx block', () => {
    const [block] = blocksOf(
      'docs/guides/a.md',
      '```tsx render="Complete" connect\nexport default () => null\n```',
    )
    expect([block?.renders, block?.connect, block?.serves]).toEqual([['Complete'], true, []])
  })

  it('takes serve="METHOD /path [NAME:VALUE]... STATUS [TEXT]" on a ts block, repeatable', () => {
    const [block] = blocksOf(
      'docs/guides/a.md',
      '```ts serve="POST /api/ibv/tokens 200 access_token"\n// server.ts\nexport {}\n```',
    )
    expect(block?.serves).toEqual([
      { method: 'POST', path: '/api/ibv/tokens', headers: {}, status: 200, text: 'access_token' },
    ])
    expect(
      blocksOf('docs/a.md', '```ts serve="GET /healthz 204"\nexport {}\n```')[0]?.serves,
    ).toEqual([{ method: 'GET', path: '/healthz', headers: {}, status: 204, text: undefined }])
    const [webhooks] = blocksOf(
      'docs/a.md',
      '```ts serve="POST /api/ibv/webhooks 401 unauthorized" serve="POST /api/ibv/webhooks x-webhook-secret:dev-secret X-Other:a:b 400 invalid_webhook"\nexport {}\n```',
    )
    expect(webhooks?.serves).toEqual([
      { method: 'POST', path: '/api/ibv/webhooks', headers: {}, status: 401, text: 'unauthorized' },
      {
        method: 'POST',
        path: '/api/ibv/webhooks',
        headers: { 'x-webhook-secret': 'dev-secret', 'x-other': 'a:b' },
        status: 400,
        text: 'invalid_webhook',
      },
    ])
  })

  it('refuses a malformed serve, serve on tsx, render on ts, connect alone, render with serve, and runnable fragments', () => {
    expect(problems('```ts serve="POST api/ibv/tokens"\nx\n```')).toEqual([
      expect.stringContaining(
        'README.md:1: serve="POST api/ibv/tokens" is not "METHOD /path [NAME:VALUE]... STATUS [TEXT]"',
      ),
    ])
    expect(problems('```tsx serve="GET / 200"\nx\n```')).toEqual([
      expect.stringContaining('serve="…" is for ```ts blocks'),
    ])
    expect(problems('```ts render="A"\nx\n```')).toEqual([
      expect.stringContaining('render="…" is for ```tsx blocks'),
    ])
    expect(problems('```tsx render=""\nx\n```')).toEqual([expect.stringContaining('names no text')])
    expect(problems('```tsx connect\nx\n```')).toEqual([
      expect.stringContaining('connect goes with render'),
    ])
    expect(problems('```tsx render="A" serve="GET / 200"\nx\n```')).toContainEqual(
      expect.stringContaining('rendered or served, not both'),
    )
    expect(problems('```ts fragment serve="GET / 200"\nx\n```')).toEqual([
      expect.stringContaining('a fragment cannot be rendered or served'),
    ])
    expect(problems('```tsx render="A" connnect\nx\n```')).toEqual([
      expect.stringContaining('unknown info string'),
    ])
    expect(problems('```ts serve="POST /x x-bad header:1 200"\nx\n```')).toEqual([
      expect.stringContaining('is not "METHOD /path [NAME:VALUE]... STATUS [TEXT]"'),
    ])
  })
})

describe('renderPattern: what a render="TEXT" must equal, whole', () => {
  it('is the text itself, or an anchored pattern where * is any text', () => {
    expect(renderPattern('Connect bank')).toBe('Connect bank')
    const connected = renderPattern('Connected *')
    expect(connected).toBeInstanceOf(RegExp)
    expect((connected as RegExp).test('Connected Platypus Bank.')).toBe(true)
    expect((connected as RegExp).test('No bank connected yet.')).toBe(false)
    expect((connected as RegExp).test('Connected ')).toBe(false)
    expect((renderPattern('Net (EUR): *.') as RegExp).test('Net (EUR): 12.')).toBe(true)
    expect((renderPattern('Net (EUR): *.') as RegExp).test('Net EUR: 12.')).toBe(false)
  })
})

describe('docFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'ibv-docs-files-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  for (const path of [
    'README.md',
    'docs/index.md',
    'docs/sandbox.md',
    'docs/guides/backend.md',
    'docs/getting-started/vite.md',
    'docs/reference/index.md',
    'docs/reference/server/index.md',
    'docs/reference/server/functions/createIbvClient.md',
    'docs/.vitepress/theme/x.md',
    'docs/screenshots/a.png',
    'docs/guides/notes.txt',
  ]) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), '# x\n')
  }

  it('takes README.md and docs/**/*.md, without docs/.vitepress and the generated reference folders', () => {
    expect(docFiles(root)).toEqual([
      'README.md',
      'docs/getting-started/vite.md',
      'docs/guides/backend.md',
      'docs/index.md',
      'docs/reference/index.md',
      'docs/sandbox.md',
    ])
  })
})
