// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { jobsFrom, runAll, STEPS } from '../../scripts/test-steps.mjs'
import { formatTable } from '../../scripts/step-table.mjs'

// `npm test`'s runner with small real steps: node processes that pass, fail or wait.
const step = (name: string, code: string, extra: { needs?: string[] } = {}) => ({
  name,
  command: [process.execPath, '-e', code],
  ...extra,
})

describe('npm test runs every step and reports each (scripts/test-steps.mjs)', () => {
  it('a failed step does not stop the others; a step that needs it is skipped and says why', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const steps = await runAll(
      [
        step('build', 'process.exit(3)'),
        step('lint', 'console.log("clean")'),
        step('size', '', { needs: ['build'] }),
        step('docs', '', { needs: ['lint'] }),
      ],
      1,
    )
    expect(steps.map(({ name, result, note }) => ({ name, result, note }))).toEqual([
      { name: 'build', result: 'failed', note: undefined },
      { name: 'lint', result: 'passed', note: undefined },
      { name: 'size', result: 'skipped', note: 'needs build' },
      { name: 'docs', result: 'passed', note: undefined },
    ])
    const printed = vi
      .mocked(console.log)
      .mock.calls.map(([line]) => String(line))
      .join('\n')
    expect(printed).toMatch(/── build: FAILED in [\d.]+ s ──/)
    expect(printed).toMatch(/build: exit 3\./)
    vi.restoreAllMocks()
  })

  it('at most `jobs` steps at once, started in their order; a step waits for the one it needs', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    // Ends in that order: b at once, then a, then after-b; seconds apart, so load cannot swap them.
    const wait = (ms: number) => `setTimeout(() => {}, ${ms})`
    const steps = await runAll(
      [
        step('a', wait(1500)),
        step('b', ''),
        step('after-b', wait(4000), { needs: ['b'] }),
        step('c', ''),
      ],
      2,
    )
    const started = vi
      .mocked(console.log)
      .mock.calls.map(([line]) => String(line))
      .filter((line) => line.includes(': started'))
    expect(started.map((line) => line.trim())).toEqual([
      '── a: started (a running)',
      '── b: started (a, b running)',
      '── after-b: started (a, after-b running)',
      '── c: started (after-b, c running)',
    ])
    expect(steps.every((s) => s.result === 'passed')).toBe(true)
    vi.restoreAllMocks()
  })

  it('the table: one line per step with its time and result, then the whole run', () => {
    const table = formatTable(
      [
        { name: 'typecheck', result: 'passed', seconds: 41.23 },
        { name: 'test:vitest', result: 'failed', seconds: 300 },
        { name: 'size', result: 'skipped', seconds: 0, note: 'needs build' },
      ],
      475.6,
    )
    expect(table.split('\n')).toEqual([
      'step             time  result',
      'typecheck      41.2 s  passed',
      'test:vitest   300.0 s  FAILED',
      'size            0.0 s  SKIPPED (needs build)',
      'npm test         7:56  2 of 3 steps did not pass',
    ])
  })

  it('IBV_TEST_JOBS: a whole number of steps from 1; anything else is refused, naming the variable', () => {
    expect(jobsFrom('3')).toBe(3)
    expect(jobsFrom(undefined)).toBeGreaterThanOrEqual(1)
    expect(jobsFrom(undefined)).toBeLessThanOrEqual(2)
    for (const bad of ['0', '-1', '1.5', 'two'])
      expect(() => jobsFrom(bad)).toThrow(
        /^IBV_TEST_JOBS must be a whole number of steps at once, 1 or more, not "/,
      )
  })

  it('every npm script it names exists, and every step it needs is a step', async () => {
    const { scripts } = (await import('../../package.json')).default as {
      scripts: Record<string, string>
    }
    const names = new Set(STEPS.map((s) => s.name))
    for (const s of STEPS) {
      if (s.command[0] === 'npm') expect(scripts).toHaveProperty(s.command.at(-1)!)
      for (const need of s.needs ?? []) expect(names).toContain(need)
    }
  })
})
