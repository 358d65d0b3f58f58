import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { defineConfig, globalIgnores } from 'eslint/config'

// The layers of docs/architecture.md, as import restrictions per folder.
/** @typedef {{ regex: string, message: string, allowTypeImports?: boolean }} Pattern */
/** @type {(files: string[], patterns: Pattern[]) => import('eslint').Linter.Config} */
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})
/** @type {(names: string[], why: string) => Pattern} */
const otherLayer = (names, why) => ({
  regex: `^(\\.{1,2}/)+(${names.join('|')})(/|$)|(^|/)src/(${names.join('|')})(/|$)`,
  message: why,
})
/** @type {(regex: string, why: string) => Pattern} */
const pkg = (regex, why) => ({ regex, message: why })

// OpenTelemetry's API is an optional peer: src/server/telemetry-api.ts loads it with a guarded
// dynamic import (which this rule does not see); a static import would make it required.
/** @type {Pattern} */
const openTelemetry = {
  regex: '^@opentelemetry/',
  allowTypeImports: true,
  message:
    '@opentelemetry/api is an optional peer: only telemetry-api.ts loads it, by a dynamic import() whose failure is caught.',
}

// The test kit (src/testing) may use every layer; its test libraries are optional peers that
// it alone imports.
const testLibraries = pkg(
  '^(msw|@testing-library/|playwright|playwright-core)(/|$)',
  'Test libraries are optional peers: only src/testing imports them.',
)

export const layerRules = [
  layer(
    ['src/core/**'],
    [
      otherLayer(
        ['react', 'elements', 'server', 'sandbox'],
        'src/core imports no other layer (docs/architecture.md).',
      ),
      pkg(
        '^(react|react-dom|@tanstack/|hono|@hono/)',
        'src/core imports no framework (docs/architecture.md).',
      ),
      pkg('^node:', 'src/core runs in browsers and edge runtimes: no Node built-ins.'),
      testLibraries,
    ],
  ),
  layer(
    ['src/react/**', 'src/index.ts'],
    [
      otherLayer(
        ['elements', 'server', 'sandbox'],
        'The browser side never imports server/ or sandbox/ (docs/architecture.md); React and the elements are separate adapters.',
      ),
      pkg('^(hono|@hono/)', 'Hono is server-side; the browser entry must not pull it in.'),
      pkg('^zod$', 'Use zod/mini in code that reaches the browser.'),
      pkg('^node:', 'The browser side imports no Node built-ins.'),
      testLibraries,
    ],
  ),
  // The custom elements (ibv-kit/elements): an adapter of core for pages with no React.
  layer(
    ['src/elements/**'],
    [
      otherLayer(
        ['react', 'server', 'sandbox'],
        'src/elements imports core/ only (docs/architecture.md): no React on the page.',
      ),
      pkg(
        '^(react|react-dom|@tanstack/|hono|@hono/)',
        'src/elements imports no framework: it runs on pages with no React.',
      ),
      pkg('^zod$', 'Use zod/mini in code that reaches the browser.'),
      pkg('^node:', 'The browser side imports no Node built-ins.'),
      testLibraries,
    ],
  ),
  // The language packs (ibv-kit/locales/*) are data: core's types and nothing else, so a pack
  // costs only its texts. English is core's own locale, which its pack re-exports.
  layer(
    ['src/locales/**'],
    [
      { regex: '^(?!\\.\\./core/)', message: 'A locale pack is data: it imports core types only.' },
      {
        regex: '^\\.\\./core/(?!english\\.js$)',
        allowTypeImports: true,
        message: 'A locale pack is data: it imports core types only.',
      },
      {
        regex: '^\\.\\./core/english\\.js$',
        allowTypeImports: true,
        message: 'Only ibv-kit/locales/en re-exports English.',
      },
    ],
  ),
  layer(
    ['src/locales/en.ts'],
    [
      {
        regex: '^(?!\\.\\./core/english\\.js$)',
        message: 'ibv-kit/locales/en re-exports the English of core and nothing else.',
      },
    ],
  ),
  layer(
    ['src/server/**'],
    [
      otherLayer(
        ['react', 'elements', 'sandbox'],
        'src/server imports core/ only (docs/architecture.md).',
      ),
      pkg('^(react|react-dom|@tanstack/)', 'src/server imports no React.'),
      pkg(
        '^(redis|@redis/[^/]+)(/|$)',
        'The Redis client is an optional peer: only src/server/redis imports it.',
      ),
      pkg(
        '^\\./redis(/|$)',
        'ibv-kit/server loads without the Redis client: only the ibv-kit/server/redis entry reaches src/server/redis.',
      ),
      openTelemetry,
      testLibraries,
    ],
  ),
  // The one place the optional Redis client may be imported (ibv-kit/server/redis).
  layer(
    ['src/server/redis/**'],
    [
      otherLayer(
        ['react', 'elements', 'sandbox'],
        'src/server imports core/ only (docs/architecture.md).',
      ),
      pkg('^(react|react-dom|@tanstack/)', 'src/server imports no React.'),
      openTelemetry,
      testLibraries,
    ],
  ),
  layer(
    ['src/sandbox/**'],
    [
      otherLayer(
        ['react', 'elements', 'server'],
        'src/sandbox imports core/ only (docs/architecture.md).',
      ),
      pkg('^(react|react-dom|@tanstack/)', 'src/sandbox imports no React.'),
      testLibraries,
    ],
  ),
]

export default defineConfig([
  globalIgnores([
    'dist/',
    'reports/',
    'storybook-static/',
    'node_modules/',
    'examples/next-app/.next/',
    'examples/next-app/next-env.d.ts',
    'docs/.vitepress/dist/',
    'docs/.vitepress/cache/',
  ]),
  js.configs.recommended,
  tseslint.configs.strict,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerRules,
  {
    // In tests a wrong `!` fails the test at once, which is what a test is for.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // A lender's Jest suite in Jest's default configuration: CommonJS, so require() is the import.
    files: ['test/jest/**/*.cjs'],
    // Module scope, as Node runs it: Testing Library's `screen` is not the browser global there.
    languageOptions: { sourceType: 'commonjs', globals: { screen: 'off' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/react/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Tokens live in memory only.' },
        { name: 'sessionStorage', message: 'Tokens live in memory only.' },
      ],
    },
  },
])
