import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createConnection, createServer } from 'node:net'
import { redisServerPath } from '../../scripts/redis.mjs'

/** A private redis-server for one test file: stop it in `afterAll`. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string
  port: number
  /** Stops the server (by its PID) and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>
  /** Starts the server again on the same port, and waits for PONG: empty, or as it was with `persist`. */
  restart(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })

/** Whether a server on `port` answers PING with +PONG, over a raw socket. */
const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let reply = ''
    const done = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(500, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1')
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
  })

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

export interface StartRedisOptions {
  /**
   * Keep every write in an append-only file (fsync'd on each write, in a temporary directory), as
   * a production Redis does, so a restart comes back with its data. @default false (nothing saved)
   */
  persist?: boolean
}

/**
 * Starts `redis-server` on a free loopback port with no daemon (and no persistence unless asked),
 * and resolves once it answers PING. Only this server is ever stopped, by its own PID.
 */
export async function startRedis(options: StartRedisOptions = {}): Promise<TestRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  let persistence = ['--appendonly', 'no']
  if (options.persist) {
    const dir = mkdtempSync(join(tmpdir(), 'ibv-redis-'))
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    persistence = ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir]
  }

  const launch = async () => {
    const started = spawn(
      redisServerPath(),
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        ...persistence,
        '--daemonize',
        'no',
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    child = started
    let stderr = ''
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (started.exitCode !== null)
        throw new Error(`redis-server exited (${started.exitCode}): ${stderr.trim()}`)
      if (await pong(port)) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    started.kill('SIGKILL')
    throw new Error(
      `redis-server on port ${port} did not answer PING within 10 s: ${stderr.trim()}`,
    )
  }

  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const gone = exited(running)
    if (running.pid !== undefined) process.kill(running.pid, 'SIGTERM')
    const timer = setTimeout(
      () =>
        running.pid !== undefined &&
        running.exitCode === null &&
        process.kill(running.pid, 'SIGKILL'),
      5_000,
    )
    await gone
    clearTimeout(timer)
  }

  await launch()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      await stop()
      await launch()
    },
  }
}
