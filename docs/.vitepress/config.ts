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
// work on GitHub and in an editor, but the site cannot serve them, and package.json names no
// repository URL to send them to. VitePress would either report them as dead (folders, .md
// files) or emit links that 404 (other files). So on the site they become text: the link text
// in a span titled with the path, followed by the path in code when the text does not already say
// it, e.g. "the lender app in `examples/lender-app/`". With a public repository URL, rewrite them
// to `${repository}/tree/main/${path}` in `repositoryLinks` below instead.
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type DefaultTheme, type MarkdownRenderer } from 'vitepress'

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The generated reference pages (docs/reference/<folder>/index.md, `npm run docs:api`). */
const entryPoints: [folder: string, importPath: string][] = [
  ['ibv-kit', 'ibv-kit'],
  ['core', 'ibv-kit/core'],
  ['locales-es', 'ibv-kit/locales/es'],
  ['locales-fr-CA', 'ibv-kit/locales/fr-CA'],
  ['locales-en', 'ibv-kit/locales/en'],
  ['server', 'ibv-kit/server'],
  ['server-redis', 'ibv-kit/server/redis'],
  ['sandbox', 'ibv-kit/sandbox'],
  ['testing', 'ibv-kit/testing'],
]

/** The pages after the guides and the reference: last in the sidebar, under "More" in the nav. */
const more = [
  { text: 'Where the spec is silent', link: '/spec-choices' },
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
    items: entryPoints.map(([folder, importPath]) => ({ text: importPath, link: `/reference/${folder}/` })),
  },
  ...more,
]

/**
 * Turns relative links that leave docs/ into text naming the repository path (see the top of
 * this file). Runs on the parsed tokens, before VitePress renders and checks links.
 */
function repositoryLinks(md: MarkdownRenderer): void {
  md.core.ruler.push('repository-links', (state) => {
    const page: string | undefined = state.env?.realPath ?? state.env?.path
    if (!page) return
    for (const block of state.tokens) {
      const children = block.children
      if (block.type !== 'inline' || !children) continue
      for (const [open, token] of children.entries()) {
        const href = token.type === 'link_open' ? token.attrGet('href') : null
        if (!href || /^([a-z][a-z\d+.-]*:|\/|#)/i.test(href)) continue
        const target = resolve(dirname(page), decodeURI(href.replace(/[?#].*$/, '')))
        if (!relative(srcDir, target).startsWith('..')) continue
        const path = relative(resolve(srcDir, '..'), target).replaceAll('\\', '/') + (/\/$/.test(href) ? '/' : '')
        let close = -1
        let text = ''
        for (let index = open + 1, depth = 1; index < children.length && close < 0; index++) {
          const child = children[index]
          if (child?.type === 'link_open') depth++
          if (child?.type === 'link_close' && --depth === 0) close = index
          if (child?.type === 'text' || child?.type === 'code_inline') text += child.content
        }
        const same = text.replace(/\/$/, '') === path.replace(/\/$/, '')
        const html = (content: string) => Object.assign(new state.Token('html_inline', '', 0), { content })
        children[open] = html(`<span class="repository-path" title="${md.utils.escapeHtml(`In the ibv-kit repository: ${path}`)}">`)
        if (close >= 0) children[close] = html(same ? '</span>' : `</span> in <code>${md.utils.escapeHtml(path)}</code>`)
      }
    }
  })
}

export default defineConfig({
  title: 'ibv-kit',
  description: 'React components, server helpers and an offline sandbox for the Bank-Connection Report (IBV) service.',
  lang: 'en-US',
  cleanUrls: true,
  // Follows the reader's system setting; the switch in the navigation bar overrides it (remembered).
  appearance: true,
  lastUpdated: false,
  // The home page: room between the feature cards and the text below them. A repository path
  // (see the top of this file) is underlined with dots; its title says where it is. On a phone,
  // tables (the reference's property tables above all) get tighter cells, so a third column
  // shows without scrolling sideways as often.
  head: [
    [
      'style',
      {},
      '.VPHome .vp-doc { margin-top: 64px; } .repository-path { text-decoration: underline dotted; cursor: help; } ' +
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
    outline: { level: [2, 3] },
    search: {
      provider: 'local',
      options: {
        miniSearch: {
          // The generated reference has a heading per export, so a word such as "webhook" would
          // list a dozen constants and types before the guide that explains it. Guides first.
          // (Serialized into the page as text: it must not use anything from this file.)
          searchOptions: { boostDocument: (id: string) => (id.startsWith('/reference/') ? 0.4 : 1) },
        },
      },
    },
    footer: { message: 'Released under the MIT License.' },
  },
})
