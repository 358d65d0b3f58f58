// Docs blocks pasted into files, as a reader would, for scripts/run-docs-examples.mjs; and what
// their code imports.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */

/** @type {(path: string, text: string) => void} writes the file, making its folders */
export const write = (path, text) => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/**
 * Writes `block` and the named blocks of its Markdown file before it, same="…" copies included (a
 * later block naming the same file wins) into `dir`, with a tsconfig.json mapping `@/*` to `dir`;
 * returns the block's path there.
 * @param {DocBlock[]} blocks every block
 * @param {DocBlock} block
 * @param {string} dir
 * @param {string} fallback the block's file name when its first line names none
 */
export function writeWithNeighbours(blocks, block, dir, fallback) {
  for (const other of blocks) {
    if (
      other.doc !== block.doc ||
      other.line >= block.line ||
      !other.name ||
      other.fragment ||
      other.copy
    )
      continue
    write(join(dir, other.name), other.code)
  }
  const file = join(dir, block.name ?? fallback)
  write(file, block.code)
  write(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', paths: { '@/*': ['./*'] } } }, null, 2)}\n`,
  )
  return file
}

/** @type {(block: DocBlock) => string} a folder name for a block: docs_guides_backend_md-L42 */
export const slug = (block) => `${block.doc.replace(/[^\w]+/g, '_')}-L${block.line}`

/** @type {(specifier: string) => string | undefined} the package a bare import names */
export const packageOf = (specifier) => {
  if (
    specifier.startsWith('.') ||
    specifier.startsWith('/') ||
    specifier.startsWith('node:') ||
    specifier.startsWith('@/')
  )
    return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/**
 * The specifiers of the code's imports: `import … from`, `export … from` and `import '…'` at the
 * start of a line (the clause has no quotes), and `import('…')`. A "from" in a comment or a
 * string is not one.
 * @type {(code: string) => string[]}
 */
export const importsOf = (code) =>
  [
    ...code.matchAll(
      /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? '')
