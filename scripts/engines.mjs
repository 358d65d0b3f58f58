// Where the three-engine flows (test/engines/) find Firefox and WebKit: Debian's packages, or
// the paths the environment gives. Chromium's are in chromium.mjs.

/** `FIREFOX_PATH`, or Debian's Firefox ESR. */
export const firefoxPath = () => process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** `WEBKIT_DRIVER_PATH`, or Debian's WebKitWebDriver (package webkit2gtk-driver). */
export const webkitDriverPath = () => process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'

/** `WEBKIT_BROWSER_PATH`, or the MiniBrowser that webkit2gtk-driver's WebKitGTK ships. */
export const miniBrowserPath = () =>
  process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** `XVFB_RUN_PATH`, or Debian's xvfb-run (package xvfb): MiniBrowser will not run headless. */
export const xvfbRunPath = () => process.env.XVFB_RUN_PATH ?? '/usr/bin/xvfb-run'
