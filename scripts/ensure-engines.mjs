// Makes sure the three-engine flows (test/engines/) have Firefox and WebKit besides Chromium:
// Debian's firefox-esr (driven by puppeteer-core over WebDriver BiDi), and webkit2gtk-driver
// (WebKitWebDriver and the MiniBrowser it drives) with xvfb (MiniBrowser needs a display). Each at
// a path an environment variable may override; as root on a machine without it, installs
// Debian's package; otherwise stops with one line that says what to do.
import { ensureDebianBinary } from './ensure-debian-binary.mjs'
import { firefoxPath, webkitDriverPath, xvfbRunPath } from './engines.mjs'

const neededBy = 'the three-engine flows (npm run test:engines)'
ensureDebianBinary({
  path: firefoxPath(),
  envVar: 'FIREFOX_PATH',
  aptPackage: 'firefox-esr',
  name: 'Firefox',
  neededBy,
  orElse: 'a Firefox binary',
})
ensureDebianBinary({
  path: webkitDriverPath(),
  envVar: 'WEBKIT_DRIVER_PATH',
  aptPackage: 'webkit2gtk-driver',
  name: 'WebKitWebDriver',
  neededBy,
  orElse: 'a WebKitGTK WebKitWebDriver',
})
ensureDebianBinary({
  path: xvfbRunPath(),
  envVar: 'XVFB_RUN_PATH',
  aptPackage: 'xvfb',
  name: 'xvfb-run',
  neededBy,
  orElse: 'an xvfb-run script',
})
