// Makes sure the browser tests have a Chromium: CHROMIUM_PATH or /usr/bin/chromium; as root on a
// machine without one, installs Debian's; otherwise stops with one line that says what to do.
import { chromiumPath } from './chromium.mjs'
import { ensureDebianBinary } from './ensure-debian-binary.mjs'

ensureDebianBinary({
  path: chromiumPath(),
  envVar: 'CHROMIUM_PATH',
  aptPackage: 'chromium',
  name: 'Chromium',
  neededBy: 'the browser tests',
  orElse: 'a Chromium or Chrome binary',
})
