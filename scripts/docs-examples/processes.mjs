// The processes of scripts/run-docs-examples.mjs: servers (Vite, the sandbox, redis-server)
// started and awaited until they say they are ready, then stopped; and one-shot programs (a
// server block and its requests) run to their end or to a timeout. Each child runs in its own
// process group, stopped by its PID (the group: Vite's and tsx's own children too) with SIGTERM,
// then SIGKILL if it is still there after KILL_AFTER. Children get a minimal environment
// (`baseEnv`), not this process's: docs code runs with what a lender's shell would give it.
import { spawn } from 'node:child_process'
import { ExampleError, WAIT } from './report.mjs'

/** How long a child may take to end after SIGTERM before it gets SIGKILL, in ms. */
export const KILL_AFTER = 5_000

/**
 * The environment every child gets: PATH and HOME (and TMPDIR, when set; npm and tsx need a
 * home and a temp dir), plus `extra`. No NODE_ENV, no secrets, nothing else of this process's.
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string>}
 */
export function baseEnv(extra = {}) {
  /** @type {Record<string, string>} */
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' }
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR
  return { ...env, ...extra }
}

/** @type {Set<() => Promise<void>>} the children still running, each as its stop function */
const running = new Set()

/**
 * Spawns `command` in its own process group and registers its stop function.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: Record<string, string> }} options
 */
function spawnStoppable(command, args, { cwd, env }) {
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const ended = new Promise((resolveEnd) => child.once('exit', resolveEnd))
  const signal = (/** @type {NodeJS.Signals} */ name) => {
    try {
      if (child.pid) process.kill(-child.pid, name)
    } catch {
      // already gone
    }
  }
  const stop = async () => {
    running.delete(stop)
    if (child.exitCode !== null || child.signalCode !== null) return
    signal('SIGTERM')
    /** @type {NodeJS.Timeout | undefined} */
    let timer
    const late = new Promise((resolveLate) => (timer = setTimeout(resolveLate, KILL_AFTER, 'late')))
    if ((await Promise.race([ended, late])) === 'late') {
      signal('SIGKILL')
      await ended
    }
    clearTimeout(timer)
  }
  running.add(stop)
  void ended.then(() => {
    running.delete(stop)
    signal('SIGTERM') // what it started and left behind, if anything
  })
  return { child, stop }
}

/**
 * Starts a server; resolves once `ready(output)` is true.
 * @param {string} label for messages
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: Record<string, string>, ready: (output: string) => boolean }} options `env`: the whole environment (see baseEnv)
 * @returns {Promise<{ output: () => string, stop: () => Promise<void> }>} what it printed so far, on stdout and stderr; its stop function
 */
export function start(label, command, args, { cwd, env, ready }) {
  const { child, stop } = spawnStoppable(command, args, { cwd, env })
  let output = ''
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(
      () => reject(new ExampleError(`${label} did not start within ${WAIT / 1000} s:\n${output}`)),
      WAIT,
    )
    const read = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString()
      if (ready(output)) {
        clearTimeout(timer)
        resolveStart({ output: () => output, stop })
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new ExampleError(`${label} ended (exit code ${code}) before it was ready:\n${output}`))
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(new ExampleError(`${label} could not start: ${error.message}`))
    })
  })
}

/** Stops every child still running (SIGTERM, then SIGKILL after KILL_AFTER); resolves once they have ended. */
export async function stopAll() {
  await Promise.all([...running].map((stop) => stop()))
}

/**
 * Runs a program to its end, stopping it (SIGTERM, then SIGKILL) after `timeout`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: Record<string, string>, timeout?: number }} options `env`: the whole environment (see baseEnv)
 * @returns {Promise<string>} what it printed, on stdout and stderr
 */
export function runToEnd(command, args, { cwd, env, timeout = WAIT }) {
  return new Promise((resolveRun) => {
    const { child, stop } = spawnStoppable(command, args, { cwd, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeout / 1000} s)`
      void stop()
    }, timeout)
    child.on('exit', () => {
      clearTimeout(timer)
      resolveRun(output)
    })
  })
}
