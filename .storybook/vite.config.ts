import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { packageAliases } from '../vite.config.ts'

// Storybook's own Vite config (the root one serves the demo): stories import `ibv-kit` as a
// lender would. Their sandbox and backend run in the page (./sandbox.ts), not on this server, so
// `npm run build-storybook`'s output works from any static server.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: packageAliases },
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react/jsx-runtime',
      'react-dom/client',
      '@tanstack/react-query',
    ],
  },
})
