import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs'
import { ibvSandbox } from './src/sandbox/vite-plugin.ts'
import { createIbvBackend } from './src/server/backend.ts'
import { createIbvClient } from './src/server/client.ts'
import { packageAliases } from './vite.config.ts'
import { brokenServiceCommands } from './test/browser/broken-service.ts'

// The Storybook project names its Chromium instance: its plugin would otherwise name it like the
// browser project's, and Vitest needs every name to differ.
const browser = (name?: string) => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // Copy buttons are tested by reading the real clipboard back.
    contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
  }),
  instances: [name ? { browser: 'chromium' as const, name } : { browser: 'chromium' as const }],
})

// The Node and jsdom projects' files share their worker's module cache (`isolate: false`): a fresh
// one per file cost more than most files' tests (their imports). The unit project took 318 s and
// 254 CPU-s so, against 514 s and 517 CPU-s (docs/performance.md). A file must then leave nothing
// behind: the servers and browsers it starts stop in its afterAll, stubs and fake timers are
// restored, module state is reset through the module's own API. The browser projects keep a page
// per file.
const shared = { isolate: false }

// Visual regression of the stories (test/storybook/visual.ts). Baselines live next to the stories,
// stories/__screenshots__/<Component>/<Story>.png; failures write -actual and -diff images under
// .vitest-attachments/ (ignored). pixelmatch leaves out the pixels it recognises as anti-aliasing
// (glyph and border edges); of the rest, a pixel differs when its colour distance (YIQ, 0-1)
// exceeds `threshold`, and a screenshot fails when more than 0.1 % of its pixels, or more than
// 24, differ (whichever is fewer). A badge in another colour, a text changed or an element moved
// by a pixel changes far more (CONTRIBUTING.md, "Storybook visual baselines").
const visualExpect = {
  toMatchScreenshot: {
    comparatorName: 'pixelmatch' as const,
    comparatorOptions: {
      threshold: 0.1,
      allowedMismatchedPixelRatio: 0.001,
      allowedMismatchedPixels: 24,
    },
    timeout: 10_000,
    resolveScreenshotPath: ({
      root,
      testFileDirectory,
      testFileName,
      arg,
      ext,
    }: {
      root: string
      testFileDirectory: string
      testFileName: string
      arg: string
      ext: string
    }) =>
      `${root}/${testFileDirectory}/__screenshots__/${testFileName.replace(/\.stories\.tsx?$/, '')}/${arg}${ext}`,
  },
}

export default defineConfig({
  plugins: [react()],
  // Pre-bundled up front so a browser test never sees two copies of React (CONTRIBUTING.md,
  // "Toolchain pitfalls").
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react/jsx-runtime',
      'react-dom/client',
      '@tanstack/react-query',
      '@testing-library/react',
    ],
  },
  test: {
    // Generous bounds: a busy machine slows a test down, it must not fail it (a hang still fails).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // `ibv-kit` and its entry points resolve to src/, as in the demo: tests that import the
        // package by its name, as a lender's code does, get the sources.
        resolve: { alias: packageAliases },
        test: {
          name: 'unit',
          ...shared,
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/browser/**', 'test/engines/**'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        // The React tests again, against React 18 (the peer range is ^18 || ^19). React and
        // React DOM resolve to test/react18; the libraries that import them are inlined so they
        // resolve the same way (one React per run).
        extends: true,
        resolve: {
          alias: [
            {
              find: /^(react|react-dom)(\/.*)?$/,
              replacement: `${fileURLToPath(new URL('./test/react18/node_modules/', import.meta.url))}$1$2`,
            },
            // Its ESM build, so that its own react-dom imports go through the alias above.
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL(
                  './node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
                  import.meta.url,
                ),
              ),
            },
            // `ibv-kit` by name (tests that import the package as a lender would), to src/ as in the other projects.
            ...packageAliases,
          ],
        },
        test: {
          name: 'unit (react 18)',
          ...shared,
          environment: 'jsdom',
          include: [
            'test/react/**/*.test.tsx',
            'test/faults/**/*.test.tsx',
            'test/testing/**/*.test.tsx',
          ],
          setupFiles: ['test/setup.ts'],
          server: { deps: { inline: [/@tanstack\/react-query/, /@testing-library\/react/] } },
        },
      },
      {
        // examples/lender-app's own tests, importing `ibv-kit` and `ibv-kit/testing` as a lender's
        // would (resolved to src/).
        extends: true,
        resolve: { alias: packageAliases },
        test: {
          name: 'example',
          ...shared,
          environment: 'jsdom',
          include: ['examples/lender-app/test/**/*.test.{ts,tsx}'],
          setupFiles: ['examples/lender-app/test/setup.ts'],
        },
      },
      {
        extends: true,
        // The sandbox on the test server under /ibv-sandbox and a backend under /api/ibv wired to
        // it, as in `npm run dev`: browser tests drive the whole chain over HTTP.
        plugins: [
          ibvSandbox({
            backend: (sandbox) =>
              createIbvBackend({
                client: createIbvClient({
                  apiKey: sandbox.apiKey,
                  serviceUrl: 'http://sandbox.internal/ibv-sandbox',
                  fetch: sandbox.fetch,
                }),
                authorize: () => true,
                verifyWebhook: () => true, // the sandbox on this test server is the only sender
              }),
          }),
        ],
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup.ts'],
          // Broken services on free 127.0.0.1 ports, started and stopped by the tests that need them.
          browser: { ...browser(), commands: brokenServiceCommands },
        },
      },
      {
        // Every story is a test in real Chromium; an accessibility violation fails it. Stories
        // import `ibv-kit` (resolved to src/) and use the sandbox and backend as in Storybook: in
        // the page, behind the service worker from .storybook/static/ (.storybook/sandbox.ts), with
        // the seed and clock test/storybook/visual.ts gives them.
        plugins: [storybookTest({ configDir: '.storybook' })],
        publicDir: '.storybook/static',
        resolve: { alias: packageAliases },
        test: {
          name: 'storybook',
          setupFiles: ['test/setup.ts', 'test/storybook/visual.ts'],
          // Not the root's bound: without `extends` a browser project gets Vitest's 15 s, which the
          // accessibility check over ReportView's 300 rows ("Many Accounts") crossed once with both
          // cores oversubscribed. A hung story still fails.
          testTimeout: 60_000,
          // One story at a time: each resets the one sandbox it shares with the others. Said of
          // the browser, not the project, so that the stories run beside the other projects' files
          // (a project without file parallelism would wait for all of them to end).
          browser: {
            ...browser('storybook (chromium)'),
            fileParallelism: false,
            expect: visualExpect,
          },
        },
      },
    ],
  },
})
