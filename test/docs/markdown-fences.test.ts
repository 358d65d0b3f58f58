import { describe, expect, it } from 'vitest'
import { blocksOf } from '../../scripts/docs-blocks.mjs'
import { fencesOf } from '../../scripts/markdown-fences.mjs'

const OOPS = "const x: number = 'oops'"
const ids = (text: string) => blocksOf('README.md', text).map((block) => block.id)

describe('fences, as CommonMark finds them', () => {
  it('takes a ```ts block right after a ````md block (the closing ```` is not an opening)', () => {
    const text = [
      '````md',
      '```ts',
      'inside the md block',
      '```',
      '````',
      '```ts',
      OOPS,
      '```',
    ].join('\n')
    const blocks = blocksOf('README.md', text)
    expect(blocks.map((block) => [block.id, block.code])).toEqual([['README.md:7', `${OOPS}\n`]])
  })

  it('skips other languages whatever their fence length, and closes only on as many or more of the same character', () => {
    const text = [
      '`````sh',
      '```',
      '~~~',
      '````',
      '`````',
      '~~~ts',
      '```',
      OOPS,
      '~~~~',
      'after',
    ].join('\n')
    expect(blocksOf('README.md', text).map((block) => [block.id, block.code])).toEqual([
      ['README.md:7', `\`\`\`\n${OOPS}\n`],
    ])
    expect(fencesOf('```ts\nx\n``` not a close\n```').map((fence) => fence.body)).toEqual([
      ['x', '``` not a close'],
    ])
  })

  it('takes tilde fences', () => {
    expect(ids(`~~~ts\n${OOPS}\n~~~`)).toEqual(['README.md:2'])
    expect(ids(`~~~~tsx render="A"\nexport default () => null\n~~~~`)).toEqual(['README.md:2'])
  })

  it('takes indented fences and fences in list items, removing the indentation', () => {
    const blocks = blocksOf(
      'README.md',
      ['   ```ts', `   ${OOPS}`, '     nested', '   ```'].join('\n'),
    )
    expect(blocks.map((block) => block.code)).toEqual([`${OOPS}\n  nested\n`])
    const list = [
      '1. Install it',
      '',
      '   ```ts',
      `   ${OOPS}`,
      '   ```',
      '- ```tsx',
      `  ${OOPS}`,
      '  ```',
      '  - deeper',
      '',
      '        ```ts',
      `        ${OOPS}`,
      '        ```',
    ].join('\n')
    expect(blocksOf('README.md', list).map((block) => [block.id, block.code])).toEqual([
      ['README.md:4', `${OOPS}\n`],
      ['README.md:7', `${OOPS}\n`],
      ['README.md:12', `${OOPS}\n`],
    ])
  })

  it('takes fences in blockquotes, ending them with the blockquote', () => {
    expect(
      blocksOf('README.md', `> \`\`\`ts\n> ${OOPS}\n> \`\`\``).map((block) => block.code),
    ).toEqual([`${OOPS}\n`])
    expect(
      fencesOf('> ```ts\n> x\n\n```ts\ny\n```').map((fence) => [fence.open, fence.body]),
    ).toEqual([
      [0, ['x']],
      [3, ['y']],
    ])
  })

  it('does not take inline code at the start of a line for a fence', () => {
    expect(fencesOf('```ts``` is inline\n```ts\nx\n```').map((fence) => fence.open)).toEqual([1])
  })
})
