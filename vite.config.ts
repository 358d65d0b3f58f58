import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { defineConfig, type Plugin, type UserConfig, type ViteDevServer } from 'vite'
import react from '@vitejs/plugin-react'
import pkg from './package.json' with { type: 'json' }
import { ibvSandbox } from './src/sandbox/vite-plugin.ts'
import type * as DemoBackend from './demo/backend.ts'

// Dependencies and peers stay bare imports in dist/, resolved by the lender's app from its own
// node_modules. That includes the server framework the backend and the sandbox run on (Hono and
// its Node adapter, regular dependencies), so `npm audit` and Dependabot see it and a fix of it
// reaches lenders without a release of ibv-kit; no browser entry imports it (check-package.mjs
// proves that). The Redis client (`redis`, an optional peer) is imported by `ibv-kit/server/redis`
// alone; OpenTelemetry's API (another) only by a caught dynamic import in src/server/telemetry-api.ts.
const externalPackages = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]
const isExternal = (id: string) =>
  id.startsWith('node:') ||
  externalPackages.some((name) => id === name || id.startsWith(`${name}/`))

/**
 * Ships the default theme as one plain file, `dist/styles.css`: src/styles.css with each of its
 * `@import './styles/x.css'` lines replaced by that file, so a lender's `<link>` makes one request.
 */
function stylesheet(): Plugin {
  return {
    name: 'ibv-kit:stylesheet',
    generateBundle() {
      const index = readFileSync('src/styles.css', 'utf8')
      const source = index.replace(/^@import '\.\/(styles\/[\w-]+\.css)';$/gm, (_, file: string) =>
        readFileSync(`src/${file}`, 'utf8').trimEnd(),
      )
      if (source.includes('@import'))
        throw new Error('src/styles.css: an @import the build cannot inline')
      this.emitFile({ type: 'asset', fileName: 'styles.css', source })
    },
  }
}

const entries = [
  'src/index.ts',
  'src/core/index.ts',
  'src/elements/index.ts',
  'src/locales/en.ts',
  'src/locales/es.ts',
  'src/locales/fr-CA.ts',
  'src/server/index.ts',
  'src/server/redis/index.ts',
  'src/sandbox/index.ts',
  'src/testing/index.ts',
]

const library: UserConfig = {
  plugins: [react(), stylesheet()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    // The `ibv-sandbox` bin is a program, not a module anyone requires: ES module only.
    lib: { entry: [...entries, 'src/sandbox/cli.ts'], formats: ['es'] },
    rolldownOptions: {
      external: isExternal,
      // One file per module, mirroring src/, so a lender's bundler keeps only what is imported.
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
}

/**
 * The CommonJS build's differences from the ES module one: each `./x.js` that has a `./x.require.ts`
 * beside it is replaced by that file (code that needs top-level await in ES modules), and
 * dist/cjs/package.json marks the folder CommonJS, for Node and TypeScript alike.
 */
function commonjs(): Plugin {
  return {
    name: 'ibv-kit:commonjs',
    // Before Vite's own resolver, which would find ./x.ts first.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !source.endsWith('.js')) return null
      const twin = fileURLToPath(
        new URL(source.replace(/\.js$/, '.require.ts'), pathToFileURL(importer)),
      )
      return existsSync(twin) ? twin : null
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'package.json',
        source: `${JSON.stringify({ type: 'commonjs' })}\n`,
      })
    },
  }
}

// `vite build --mode commonjs`, after the ES module build: the same entries as CommonJS in
// dist/cjs/, for `require('ibv-kit')` (Jest's default configuration, older Node tooling).
const commonjsLibrary: UserConfig = {
  plugins: [react(), commonjs()],
  publicDir: false,
  build: {
    outDir: 'dist/cjs',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: { entry: entries, formats: ['cjs'] },
    rolldownOptions: {
      external: isExternal,
      // import() of a package becomes a require() in a promise: Jest without its ES module mode
      // (the default) cannot run an import() in CommonJS code.
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        exports: 'named',
        dynamicImportInCjs: false,
      },
    },
  },
}

// The demo imports `ibv-kit` as a lender would; in this repo those names resolve to src/.
export const packageAliases = [
  {
    find: /^ibv-kit\/styles\.css$/,
    replacement: fileURLToPath(new URL('./src/styles.css', import.meta.url)),
  },
  {
    find: /^ibv-kit\/server\/redis$/,
    replacement: fileURLToPath(new URL('./src/server/redis/index.ts', import.meta.url)),
  },
  {
    find: /^ibv-kit\/locales\/(en|es|fr-CA)$/,
    replacement: fileURLToPath(new URL('./src/locales/$1.ts', import.meta.url)),
  },
  {
    find: /^ibv-kit\/(core|elements|server|sandbox|testing)$/,
    replacement: fileURLToPath(new URL('./src/$1/index.ts', import.meta.url)),
  },
  { find: /^ibv-kit$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
]

// `npm run dev` serves the demo on 127.0.0.1 (port 5173, or the next free one): the sandbox under
// /ibv-sandbox and the demo's backend under /api/ibv, loaded through Vite so that it imports
// `ibv-kit/server` as a lender's code would. The borrower page that invite links open is
// demo/borrower.html, served at /borrower.
let devServer: ViteDevServer | undefined
// A new secret each start: the sandbox signs its webhooks with it, the demo backend checks them.
const demoWebhookSecret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`
const dev: UserConfig = {
  root: 'demo',
  plugins: [
    react(),
    { name: 'demo:server', configureServer: (server) => void (devServer = server) },
    ibvSandbox({
      sandbox: { webhookSecret: demoWebhookSecret },
      backend: async (sandbox, server) => {
        const { createDemoBackend } = (await server.ssrLoadModule(
          '/backend.ts',
        )) as typeof DemoBackend
        // Built on the first request, so the server is listening and its address known.
        const origin = devServer?.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'
        return createDemoBackend(sandbox, {
          borrowerPageUrl: new URL('/borrower', origin).href,
          webhookSecret: demoWebhookSecret,
        })
      },
    }),
  ],
  resolve: { alias: packageAliases },
  server: { host: '127.0.0.1', port: 5173 },
}

export default defineConfig(({ command, mode }) =>
  command === 'build' ? (mode === 'commonjs' ? commonjsLibrary : library) : dev,
)
