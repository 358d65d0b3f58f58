import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

/**
 * Starts `ibv-sandbox` from source with `args` and resolves with the process, its URL and
 * everything it has printed so far (stdout and stderr, read again on each call).
 */
/**
 * The CLI runs in one Node process with tsx as its loader, so a signal reaches it directly. The
 * tsx command is a second process that relays signals and waits only 30 ms for the CLI to
 * acknowledge one before it kills it and exits 143: on a loaded machine SIGTERM ended that way.
 */
const TSX = ['--import', 'tsx']

export function startCli(
  args: string[],
): Promise<{ cli: ChildProcess; url: string; output: () => string }> {
  const cli = spawn(process.execPath, [...TSX, 'src/sandbox/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  cli.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise((resolve, reject) => {
    cli.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve({ cli, url: match[1], output: () => output })
    })
    cli.once('exit', (code) => reject(new Error(`ibv-sandbox exited with ${code}: ${output}`)))
  })
}

/** Runs `ibv-sandbox` with arguments it should refuse, and resolves with its exit code and output. */
export async function runRefused(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = spawn(process.execPath, [...TSX, 'src/sandbox/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  cli.stdout?.on('data', (chunk: Buffer) => (stdout += chunk))
  cli.stderr?.on('data', (chunk: Buffer) => (stderr += chunk))
  const timer = setTimeout(() => cli.kill('SIGTERM'), 8_000) // a CLI that started after all
  const [code] = (await once(cli, 'exit')) as [number | null]
  clearTimeout(timer)
  return { code, stdout, stderr }
}
