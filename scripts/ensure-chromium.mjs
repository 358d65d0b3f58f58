// Makes sure the browser tests have a Chromium: CHROMIUM_PATH or /usr/bin/chromium; as root on a
// machine without one, installs Debian's; otherwise stops with one line that says what to do.
import { accessSync, constants } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { chromiumPath } from './chromium.mjs'

const path = chromiumPath()
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
  if (root && !process.env.CHROMIUM_PATH) {
    console.log('ibv-kit: no Chromium found; installing Debian\'s chromium package (apt-get) for the browser tests…')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  }
  if (!runnable()) {
    console.error(
      `ibv-kit: the browser tests need Chromium at ${path}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    )
    process.exit(1)
  }
}
