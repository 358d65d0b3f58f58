import { defineConfig } from 'vitest/config'

// `npm run test:engines`: every flow of test/engines/ in Chromium, Firefox and WebKit, against the
// production build of the demo installed from the packed tarball (test/engines/app.ts). Run
// after `npm run build`. One file at a time: three browsers at once on two cores would make the
// flows race the machine, not the app. In one worker that keeps its globals from file to file
// (`isolate: false`), so Chromium and Firefox start once for the whole run (flow.ts).
export default defineConfig({
  test: {
    name: 'engines',
    environment: 'node',
    include: ['test/engines/**/*.test.ts'],
    globalSetup: ['test/engines/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    hookTimeout: 240_000,
  },
})
