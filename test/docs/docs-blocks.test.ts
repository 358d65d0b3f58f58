import { describe, expect, it } from 'vitest'
import { blocksOf } from '../../scripts/docs-blocks.mjs'

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
  })
})
