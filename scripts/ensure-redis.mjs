// Makes sure the Redis tests have a redis-server: REDIS_SERVER_PATH or /usr/bin/redis-server; as
// root on a machine without one, installs Debian's; otherwise stops with one line that says what
// to do. The tests start their own server on a free loopback port; the system service the
// package may start is never used.
import { accessSync, constants } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { redisServerPath } from './redis.mjs'

const path = redisServerPath()
const runnable = () => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

if (!runnable()) {
  const root = process.getuid?.() === 0
  if (root && !process.env.REDIS_SERVER_PATH) {
    console.log('ibv-kit: no redis-server found; installing Debian\'s redis-server package (apt-get) for the Redis tests…')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env })
  }
  if (!runnable()) {
    console.error(
      `ibv-kit: the Redis tests need redis-server at ${path}: install it (sudo apt-get install -y redis-server) or set REDIS_SERVER_PATH to a redis-server binary.`,
    )
    process.exit(1)
  }
}
