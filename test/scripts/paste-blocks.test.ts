// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { importsOf } from '../../scripts/docs-examples/paste-blocks.mjs'

// What a docs block imports decides which packages the pasted app gets: a word after "from" in a
// comment or a string is not an import (a guide's comment once failed the docs step so).
describe('importsOf', () => {
  it('finds static imports, re-exports, side-effect imports and dynamic imports', () => {
    const code = [
      "import { a } from 'x'",
      'import {\n  b,\n  c,\n} from "@scope/y/sub"',
      "import type { D } from 'types-only'",
      "import 'ibv-kit/styles.css'",
      "export { e } from 'w'",
      "const m = await import('z')",
    ].join('\n')
    expect(importsOf(code)).toEqual([
      'x',
      '@scope/y/sub',
      'types-only',
      'ibv-kit/styles.css',
      'w',
      'z',
    ])
  })

  it('ignores "from" in comments, strings and JSX text', () => {
    const code = [
      "import { a } from 'x'",
      '{/* Its line goes from "not opened yet" to "connected" */}',
      "// read it from 'somewhere'",
      "const said = `copied from 'the link'`",
      'export const label = "from \'here\'"',
    ].join('\n')
    expect(importsOf(code)).toEqual(['x'])
  })
})
