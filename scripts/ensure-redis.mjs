// Makes sure the Redis tests have a redis-server: REDIS_SERVER_PATH or /usr/bin/redis-server; as
// root on a machine without one, installs Debian's; otherwise stops with one line that says what
// to do. The tests start their own server on a free loopback port; the system service the
// package may start is never used.
import { ensureDebianBinary } from './ensure-debian-binary.mjs'
import { redisServerPath } from './redis.mjs'

ensureDebianBinary({
  path: redisServerPath(),
  envVar: 'REDIS_SERVER_PATH',
  aptPackage: 'redis-server',
  name: 'redis-server',
  neededBy: 'the Redis tests',
  orElse: 'a redis-server binary',
})
