// The docs site: `npm run docs` serves it, `npm run docs:build` builds it into docs/.vitepress/dist
// (git-ignored) and then runs scripts/docs-links.mjs.
//
// Links are checked twice:
// - VitePress's own dead-link check (its default; only http://localhost links are let through)
//   fails the build on a link to a page that does not exist, such as a missing guide or a
//   reference page that `npm run docs:api` did not generate;
// - scripts/docs-links.mjs checks what VitePress does not: relative links to repository files
//   outside docs/ (they must exist), the links of README.md, CONTRIBUTING.md and CHANGELOG.md,
//   and every link and #anchor of the built pages, the navigation and sidebar included.
//
// Links to repository files outside docs/ (`[examples/lender-app](../../examples/lender-app/)`)
// work on GitHub and in an editor, but the site cannot serve them. On the site they become links
// to the file on the repository's host, built from package.json "repository" (the one place the
// address is written; scripts/repository.mjs): `tree/main/<path>` for a folder, `blob/main/<path>`
// for a file, the #anchor kept. See `repositoryLinks` below; scripts/docs-links.mjs checks that
// each such link of the built site names a file or folder that exists.
//
// The Reference lists every entry point of package.json "exports" (but the stylesheet and
// package.json itself), in its order: a new entry point gets its sidebar entry with no edit here,
// and test/docs/newcomer.test.ts fails if one is missing.
import { readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type DefaultTheme, type MarkdownRenderer } from 'vitepress'
import { repositoryFileUrl, repositoryUrl } from '../../scripts/repository.mjs'

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const root = resolve(srcDir, '..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, unknown>
  repository: { url: string }
}

/**
 * The generated reference pages (docs/reference/<folder>/index.md, `npm run docs:api`): one per
 * entry point of package.json "exports" but `./package.json` and the stylesheet. The folder is
 * the one typedoc.config.mjs writes: `ibv-kit/server/redis` -> `server-redis`.
 */
export const entryPoints: [folder: string, importPath: string][] = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json' && !key.endsWith('.css'))
  .map((key) =>
    key === '.'
      ? [pkg.name, pkg.name]
      : [key.slice(2).replaceAll('/', '-'), `${pkg.name}/${key.slice(2)}`],
  )

/** The pages after the guides and the reference: last in the sidebar, under "More" in the nav. */
const more = [
  { text: 'The service API', link: '/service-api' },
  { text: 'Browser support', link: '/browsers' },
  { text: 'Performance', link: '/performance' },
  { text: 'Architecture', link: '/architecture' },
  { text: 'Examples', link: '/examples' },
]

const sidebar: DefaultTheme.SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'Vite', link: '/getting-started/vite' },
      { text: 'Next.js (App Router)', link: '/getting-started/nextjs' },
      { text: 'Express + standalone sandbox', link: '/getting-started/express' },
    ],
  },
  {
    text: 'Guides',
    items: [
      { text: 'The embedded report', link: '/guides/embedded-report' },
      { text: 'The connect widget', link: '/guides/connect-widget' },
      { text: 'Banks that sign in with OAuth', link: '/guides/oauth-banks' },
      { text: 'Reconnect and refresh', link: '/guides/reconnect-and-refresh' },
      { text: 'Invite the borrower', link: '/guides/invites' },
      { text: 'Invites: backend and borrower page', link: '/guides/invites-backend' },
      { text: 'Live updates', link: '/guides/live-updates' },
      { text: 'The report in the first paint', link: '/guides/first-paint' },
      { text: 'Components, styling and texts', link: '/guides/components' },
      { text: 'Custom elements (no React)', link: '/guides/elements' },
      { text: 'Languages', link: '/guides/languages' },
      { text: 'Your backend', link: '/guides/backend' },
      { text: 'Several instances on Redis', link: '/guides/redis' },
      { text: 'Testing your integration', link: '/guides/testing' },
      { text: 'Security checklist', link: '/guides/security' },
      { text: 'Going to production', link: '/guides/production' },
      { text: 'Observability', link: '/guides/observability' },
    ],
  },
  { text: 'Sandbox', link: '/sandbox' },
  {
    text: 'Reference',
    link: '/reference/',
    items: entryPoints.map(([folder, importPath]) => ({
      text: importPath,
      link: `/reference/${folder}/`,
    })),
  },
  ...more,
]

/**
 * Points relative links that leave docs/ at the file on the repository's host (see the top of
 * this file). Runs on the parsed tokens, before VitePress renders and checks links: the link is
 * then external, and opens in a new tab as other external links do.
 */
export function repositoryLinks(md: MarkdownRenderer): void {
  md.core.ruler.push('repository-links', (state) => {
    const page: string | undefined = state.env?.realPath ?? state.env?.path
    if (!page) return
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        const href = token.type === 'link_open' ? token.attrGet('href') : null
        if (!href || /^([a-z][a-z\d+.-]*:|\/|#)/i.test(href)) continue
        const [, pathPart = '', hash = ''] = /^([^?#]*)(?:\?[^#]*)?(?:#(.*))?$/.exec(href) ?? []
        const target = resolve(dirname(page), decodeURI(pathPart))
        if (!relative(srcDir, target).startsWith('..')) continue
        const path = relative(root, target).replaceAll('\\', '/')
        let folder = /\/$/.test(pathPart)
        try {
          folder = statSync(target).isDirectory()
        } catch {
          // A file that does not exist: scripts/docs-links.mjs reports it.
        }
        token.attrSet('href', repositoryFileUrl(encodeURI(path), folder, hash))
      }
    }
  })
}

export default defineConfig({
  title: 'ibv-kit',
  description:
    'React components, server helpers and an offline sandbox for the Bank-Connection Report (IBV) service.',
  lang: 'en-US',
  cleanUrls: true,
  // Follows the reader's system setting; the switch in the navigation bar overrides it (remembered).
  appearance: true,
  lastUpdated: false,
  // The icon (docs/public/favicon.svg): without the link, browsers ask for /favicon.ico, which
  // the site does not have. The home page: room between the feature cards and the text below
  // them. On a phone, tables (the reference's property tables above all) get tighter cells, so a
  // third column shows without scrolling sideways as often.
  head: [
    ['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }],
    [
      'style',
      {},
      '.VPHome .vp-doc { margin-top: 64px; } ' +
        '@media (max-width: 640px) { .vp-doc th, .vp-doc td { padding: 6px 8px; font-size: 13px; } }',
    ],
  ],
  // Markdown files that are not pages (partials, folder notes). The screenshots are images.
  srcExclude: ['**/README.md', '**/_*.md'],
  // Dead links fail the build (VitePress's default), except links to a local dev server
  // (http://localhost:3000 in a "run it" step), which cannot be checked at build time.
  ignoreDeadLinks: 'localhostLinks',
  markdown: {
    config: (md) => repositoryLinks(md),
    // Shiki has no `conf` (redis.conf in the Redis guide).
    languageAlias: { conf: 'ini' },
  },
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started/vite', activeMatch: '^/getting-started/' },
      { text: 'Guides', link: '/guides/embedded-report', activeMatch: '^/guides/' },
      { text: 'Sandbox', link: '/sandbox' },
      { text: 'Reference', link: '/reference/', activeMatch: '^/reference/' },
      {
        text: 'More',
        items: more,
      },
    ],
    sidebar,
    // The repository (package.json "repository"), where the examples, CONTRIBUTING.md and the
    // issues are.
    socialLinks: [{ icon: 'github', link: repositoryUrl(pkg) }],
    outline: { level: [2, 3] },
    search: {
      provider: 'local',
      options: {
        miniSearch: {
          // The generated reference has a heading per export, so a word such as "webhook" would
          // list a dozen constants and types before the guide that explains it. Guides first.
          // (Serialized into the page as text: it must not use anything from this file.)
          searchOptions: {
            boostDocument: (id: string) => (id.startsWith('/reference/') ? 0.4 : 1),
          },
        },
      },
    },
    footer: { message: 'Released under the MIT License.' },
  },
})
