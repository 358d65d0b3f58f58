import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs'

// `npm run bench`: the measurements behind docs/performance.md, kept out of
// `npm test` (timings are noisy on shared machines; counts are exact). Each writes JSON under
// reports/bench/, and bench/print.mjs prints the table.
export default defineConfig({
  plugins: [react()],
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
    projects: [
      {
        extends: true,
        test: {
          name: 'bench (jsdom)',
          environment: 'jsdom',
          include: ['bench/jsdom/*.bench.test.tsx'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'bench (chromium)',
          include: ['bench/chromium/*.bench.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
