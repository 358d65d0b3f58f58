import { spawn, type ChildProcess } from 'node:child_process'

/** Starts `ibv-sandbox` from source with `args` and resolves with the process and its URL. */
export function startCli(args: string[]): Promise<{ cli: ChildProcess; url: string }> {
  const cli = spawn('node_modules/.bin/tsx', ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  return new Promise((resolve, reject) => {
    let output = ''
    cli.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve({ cli, url: match[1] })
    })
    cli.once('exit', (code) => reject(new Error(`ibv-sandbox exited with ${code}`)))
  })
}
