import { fileURLToPath } from 'node:url'
import type { NextConfig } from 'next'

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url))

const config: NextConfig = {
  // `ibv-kit` here is the repository's own package (built to dist/ by `npm run build`), found by
  // self-reference: Node resolves a package's own name through its package.json `exports`.
  turbopack: { root: repositoryRoot },
  outputFileTracingRoot: repositoryRoot,
  async headers() {
    return [
      {
        // The report pages carry an embedded report token in their HTML: a bearer credential for
        // this applicant's bank data, as sensitive as the iframe's own URL. No shared cache (CDN,
        // proxy) may keep them, and the browser must not reuse them from its cache or history.
        source: '/reports/:path*',
        headers: [{ key: 'Cache-Control', value: 'private, no-store' }],
      },
    ]
  },
}

export default config
