// The CommonJS build's types: a copy of every .d.ts of dist/ in dist/cjs/, beside the CommonJS
// code. dist/cjs/package.json says `"type": "commonjs"`, so TypeScript reads these copies as the
// types of CommonJS modules (what `require` gets), and the originals as those of the ES modules:
// one set for both would be wrong for one of them (arethetypeswrong checks both). Run by
// `npm run build`, after tsc.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const dist = 'dist'
const cjs = join(dist, 'cjs')

/** @type {(dir: string) => string[]} */
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return path === cjs ? [] : walk(path)
    return entry.name.endsWith('.d.ts') ? [path] : []
  })

const types = walk(dist)
for (const file of types) {
  const copy = join(cjs, relative(dist, file))
  mkdirSync(dirname(copy), { recursive: true })
  copyFileSync(file, copy)
}
console.log(`cjs-types: ${types.length} .d.ts files copied to ${cjs}/ for the CommonJS build.`)
