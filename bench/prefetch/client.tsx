// For bench/prefetch.ts: the client bundle, which hydrates what the server rendered.
import { hydrateRoot } from 'react-dom/client'
import { BenchApp, type BenchProps } from './app.js'

declare global {
  interface Window {
    __BENCH_PROPS__: BenchProps
    __bench: { iframeLoad?: number; scriptStart?: number; hydrationErrors: number }
  }
}

window.__bench.scriptStart = performance.now()
hydrateRoot(document.getElementById('root')!, <BenchApp {...window.__BENCH_PROPS__} />, {
  onRecoverableError: () => window.__bench.hydrationErrors++,
})
