// For bench/prefetch.ts: bundles the page's two sides with rolldown, `ibv-kit` resolved to the
// built package (dist/) as scripts/bundle-size.mjs does. The client: everything in (react and
// react-dom too), production, minified, as an app ships it. The server: for Node, other packages
// left to node_modules, so React is the same copy react-dom/server uses.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rolldown, type Plugin } from 'rolldown'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const here = fileURLToPath(new URL('./', import.meta.url))

const builtPackage: Plugin = {
  name: 'ibv-kit-from-dist',
  resolveId(id) {
    if (id === 'ibv-kit') return `${dist}index.js`
    if (id.startsWith('ibv-kit/')) return `${dist}${id.slice('ibv-kit/'.length)}/index.js`
    return null
  },
}
// 'use client' is kept in dist/ for React Server Components; bundling it away is expected.
const quiet = (
  level: 'info' | 'warn' | 'debug',
  log: { code?: string },
  handler: (level: 'info' | 'warn' | 'debug', log: { code?: string }) => void,
) => {
  if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
}

async function bundle(entry: string, node: boolean) {
  const build = await rolldown({
    input: `${here}${entry}`,
    platform: node ? 'node' : 'browser',
    tsconfig: false,
    external: node
      ? (id) => !id.startsWith('ibv-kit') && !id.startsWith('.') && !id.startsWith('/')
      : undefined,
    transform: { jsx: 'react-jsx', define: node ? {} : { 'process.env.NODE_ENV': '"production"' } },
    onLog: quiet as never,
    plugins: [builtPackage],
  })
  const { output } = await build.generate({
    format: 'es',
    minify: !node,
    comments: false,
    codeSplitting: false,
  })
  await build.close()
  return output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('')
}

/** The client bundle's code, and the server module written to reports/bench/prefetch/ (its path). */
export async function buildBench() {
  const [clientJs, serverJs] = await Promise.all([
    bundle('client.tsx', false),
    bundle('server.tsx', true),
  ])
  mkdirSync('reports/bench/prefetch', { recursive: true })
  const serverPath = `${process.cwd()}/reports/bench/prefetch/server.mjs`
  writeFileSync(serverPath, serverJs)
  return { clientJs, serverPath }
}
