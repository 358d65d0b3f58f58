// Benchmarks write their figures as JSON under reports/bench/; `bench/print.mjs` prints the table.
import { mkdirSync, writeFileSync } from 'node:fs'

export function record(name: string, figures: Record<string, unknown>): void {
  mkdirSync('reports/bench', { recursive: true })
  writeFileSync(`reports/bench/${name}.json`, JSON.stringify(figures, null, 2))
}
