// The processes of scripts/run-docs-examples.mjs: servers (Vite, the sandbox, redis-server)
// started and awaited until they say they are ready, then stopped by PID; and one-shot programs
// (a server block and its request) run to their end or to a timeout.
import { spawn } from 'node:child_process'
import { ExampleError, WAIT } from './report.mjs'

/** @type {(() => void)[]} the servers started, each as its stop function */
const running = []

/**
 * Starts a server; resolves once `ready(output)` is true.
 * @param {string} label for messages
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, ready: (output: string) => boolean }} options
 * @returns {Promise<{ output: () => string }>} what it printed so far, on stdout and stderr
 */
export function start(label, command, args, { cwd, ready }) {
  const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  running.push(() => {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM')
  })
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new ExampleError(`${label} did not start within ${WAIT / 1000} s:\n${output}`)), WAIT)
    const read = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString()
      if (ready(output)) {
        clearTimeout(timer)
        resolveStart({ output: () => output })
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new ExampleError(`${label} ended (exit code ${code}) before it was ready:\n${output}`))
    })
  })
}

/** Stops every server `start` started. */
export function stopAll() {
  for (const stop of running) stop()
}

/**
 * Runs a program to its end, stopping it after WAIT.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: Record<string, string> }} options `env` is added to this process's
 * @returns {Promise<string>} what it printed, on stdout and stderr
 */
export function runToEnd(command, args, { cwd, env }) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGTERM'), WAIT)
    child.on('exit', () => {
      clearTimeout(timer)
      resolveRun(output)
    })
  })
}
