import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { ibvSandbox } from '../src/sandbox/vite-plugin.ts'
import { packageAliases } from '../vite.config.ts'
import { createStorybookBackend } from './backend.ts'

// Storybook's own Vite config (the root one serves the demo): stories import `ibv-kit` as a
// lender would, and talk to the sandbox and a real backend mounted on the same server.
export default defineConfig({
  plugins: [react(), ibvSandbox({ backend: (sandbox) => createStorybookBackend(sandbox) })],
  resolve: { alias: packageAliases },
  optimizeDeps: { include: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-query'] },
})
