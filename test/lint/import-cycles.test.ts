// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// No module in src/ may reach itself through its imports, `import type` and re-exports included:
// a cycle of types is still two modules that cannot be read (or moved) one without the other.
const SRC = resolve('src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx`, `./dir` its index. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.(js|jsx|mjs)$/, '')
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((path) => {
    try {
      return statSync(path).isFile()
    } catch {
      return false
    }
  })
}

/** Every module each file imports or re-exports from src/, type-only ones included. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = importedFiles
        .map(({ fileName }) =>
          fileName.startsWith('.') ? resolveRelative(file, fileName) : undefined,
        )
        .filter((target): target is string => target !== undefined)
      return [file, [...new Set(targets)]]
    }),
  )
}

/** One cycle through each strongly connected group of modules (Tarjan), as paths from src/. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group)
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return groups.map((group) =>
    cycleWithin(graph, new Set(group)).map((file) => relative(SRC, file)),
  )
}

/** A shortest way from the group's first module back to itself, staying inside the group. */
function cycleWithin(graph: Map<string, string[]>, group: Set<string>): string[] {
  const [start] = group
  const previous = new Map<string, string>()
  const queue = [start!]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue
      if (next === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!)
        return [...path, start!]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return [...group]
}

describe('imports in src/', () => {
  it('form no cycle, type-only imports included', () => {
    const cycles = findCycles(importGraph(sourceFiles(SRC)))
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([])
  })
})
