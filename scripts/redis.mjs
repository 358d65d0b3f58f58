// Where the Redis tests find redis-server: one place for scripts/ensure-redis.mjs and the test
// helper that starts a private server (test/redis/redis-server.ts).

/** `REDIS_SERVER_PATH`, or Debian's redis-server. */
export function redisServerPath() {
  return process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'
}
