// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// CI's closing lines (scripts/report-counts.mjs), from reports in the shape Vitest's JSON reporter writes.
const dir = mkdtempSync(join(tmpdir(), 'ibv-report-counts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const test = (fullName: string, status: 'passed' | 'failed' | 'skipped', failure?: string) => ({
  fullName,
  status,
  failureMessages: failure ? [failure] : [],
})
function report(
  name: string,
  results: {
    name: string
    status: string
    message?: string
    assertionResults: ReturnType<typeof test>[]
  }[],
) {
  const tests = results.flatMap((result) => result.assertionResults)
  const file = join(dir, name)
  writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: tests.filter((t) => t.status === 'passed').length,
      numFailedTests: tests.filter((t) => t.status === 'failed').length,
      testResults: results,
    }),
  )
  return file
}
const counts = (...files: string[]) =>
  execFileSync(process.execPath, ['scripts/report-counts.mjs', ...files], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })

describe('CI names what failed before its count (scripts/report-counts.mjs)', () => {
  it('one line per failed test, with the first line of why, then the count over every report', () => {
    const vitest = report('vitest.json', [
      {
        name: join(process.cwd(), 'test/a.test.ts'),
        status: 'failed',
        assertionResults: [
          test('a passes', 'passed'),
          test(
            'a polls',
            'failed',
            '\nAssertionError: expected false to be true\n    at a.test.ts:3',
          ),
        ],
      },
      {
        name: join(process.cwd(), 'test/b.test.ts'),
        status: 'failed',
        message: 'Cannot find module "./gone"\nmore',
        assertionResults: [],
      },
      {
        name: join(process.cwd(), 'test/c.test.ts'),
        status: 'failed',
        message: '',
        assertionResults: [test('c, after its beforeAll threw', 'skipped')],
      },
    ])
    const engines = report('engines.json', [
      {
        name: join(process.cwd(), 'test/engines/c.test.ts'),
        status: 'passed',
        assertionResults: [test('c (webkit)', 'passed')],
      },
    ])
    expect(counts(vitest, engines).trim().split('\n')).toEqual([
      'Failed:',
      '- test/a.test.ts › a polls: AssertionError: expected false to be true',
      '- test/b.test.ts: Cannot find module "./gone"',
      '- test/c.test.ts: failed outside its tests (an import or a hook): see the output of its step',
      '2 passed, 3 failed',
    ])
  })

  it('names a test that passed only when retried, with why its first attempt failed', () => {
    const engines = report('retried.json', [
      {
        name: join(process.cwd(), 'test/engines/e.test.ts'),
        status: 'passed',
        assertionResults: [
          {
            ...test('e (webkit)', 'passed'),
            failureMessages: ['Error: Timed out waiting for "Complete"\n    at e.test.ts:9'],
          },
        ],
      },
    ])
    expect(counts(engines).trim().split('\n')).toEqual([
      'Passed only when retried:',
      '- test/engines/e.test.ts › e (webkit): Error: Timed out waiting for "Complete"',
      '1 passed, 0 failed',
    ])
  })

  it('a missing report is one failure; all passed prints the count alone', () => {
    const passed = report('passed.json', [
      {
        name: join(process.cwd(), 'test/d.test.ts'),
        status: 'passed',
        assertionResults: [test('d', 'passed')],
      },
    ])
    expect(counts(passed)).toBe('1 passed, 0 failed\n')
    expect(counts(passed, join(dir, 'missing.json'))).toBe('1 passed, 1 failed\n')
  })
})
