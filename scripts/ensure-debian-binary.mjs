// What scripts/ensure-chromium.mjs and scripts/ensure-redis.mjs share: a binary the tests need,
// at a path an environment variable may override; as root on a machine without it (and no
// override), installs Debian's package; otherwise stops with one line that says what to do.
import { accessSync, constants } from 'node:fs'
import { execFileSync } from 'node:child_process'

/**
 * @param {{ path: string, envVar: string, aptPackage: string, name: string, neededBy: string, orElse: string }} binary
 *   `name` as a person says it, `neededBy` the tests that need it, `orElse` what the override may point to.
 */
export function ensureDebianBinary({ path, envVar, aptPackage, name, neededBy, orElse }) {
  const runnable = () => {
    try {
      accessSync(path, constants.X_OK)
      return true
    } catch {
      return false
    }
  }
  if (runnable()) return
  if (process.getuid?.() === 0 && !process.env[envVar]) {
    console.log(
      `ibv-kit: no ${name} found; installing Debian's ${aptPackage} package (apt-get) for ${neededBy}…`,
    )
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', aptPackage], { stdio: 'inherit', env })
  }
  if (!runnable()) {
    console.error(
      `ibv-kit: ${neededBy} need ${name} at ${path}: install it (sudo apt-get install -y ${aptPackage}) or set ${envVar} to ${orElse}.`,
    )
    process.exit(1)
  }
}
