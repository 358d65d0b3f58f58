// Where the browser tests find Chromium and how they start it: one place for vitest.config.ts
// and every script that drives a browser.

/** `CHROMIUM_PATH`, or Debian's Chromium. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
}

/** Flags for a headless Chromium on a machine with no GPU, no sandbox user and a closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
