// `node scripts/docs-links.mjs` (the last step of `npm run docs:build`): the links VitePress's own
// dead-link check does not see. Exits 1 and lists each broken link as `file:line: link: why`.
// 1. In the Markdown sources (README.md, CONTRIBUTING.md, CHANGELOG.md, docs/**/*.md but the
//    generated docs/reference/<entry>/): every relative link and image must name a file or folder
//    that exists. A docs page may link outside docs/ (`../../examples/lender-app/`): on the site
//    that becomes a link to the file on the repository's host (docs/.vitepress/config.ts), so it
//    must exist. A #anchor into README.md, CONTRIBUTING.md or CHANGELOG.md must match a heading
//    there (GitHub's heading ids).
// 2. In the built site (docs/.vitepress/dist, so run it after `vitepress build docs`): every link
//    of every page, the navigation and sidebar included, must reach a built page or file, and its
//    #anchor an id on that page (VitePress checks neither anchors nor the sidebar). A link into
//    the repository (package.json "repository", `<repository>/tree/main/<path>` for a folder,
//    `<repository>/blob/main/<path>` for a file) must name a file or folder that exists here, of
//    that kind, and its #anchor into README.md, CONTRIBUTING.md or CHANGELOG.md a heading there;
//    it must not point outside the repository's files. Every page must have its icon (a
//    `<link rel="icon">` to a built file): without it, browsers ask for a /favicon.ico that the
//    site does not have.
// Code blocks and code spans are skipped: a link in an example is not a link of the page.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fencesOf } from './markdown-fences.mjs'
import { BRANCH, repositoryUrl } from './repository.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'docs', '.vitepress', 'dist')
/** Repository Markdown outside docs/ whose anchors are GitHub's. */
const ROOT_DOCS = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md']

/** @type {string[]} */
const problems = []
let checked = 0

/** Blanks everything but newlines, so offsets still give line numbers. */
const blank = (/** @type {string} */ text) => text.replace(/[^\n]/g, ' ')

/**
 * The text of a Markdown file with fenced code, code spans and HTML comments blanked out.
 * @param {string} text
 */
function prose(text) {
  const lines = text.split('\n')
  for (const fence of fencesOf(text)) {
    const after = fence.open + fence.body.length + 1
    const last = /^[\s>]*(`{3,}|~{3,})\s*$/.test(lines[after] ?? '') ? after : after - 1
    for (let line = fence.open; line <= last && line < lines.length; line++)
      lines[line] = blank(lines[line] ?? '')
  }
  return lines
    .join('\n')
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank)
}

/**
 * The link destinations of a Markdown text (inline links and images, reference definitions,
 * href/src attributes), with their line numbers.
 * @param {string} text
 * @returns {{ url: string, line: number }[]}
 */
function linksOf(text) {
  const clean = prose(text)
  const patterns = [
    /\]\(\s*<([^>\n]*)>/g, // [text](<url with spaces>)
    /\]\(\s*([^\s<)][^\s)]*)/g, // [text](url "title")
    /^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)/gm, // [label]: url
    /\s(?:href|src)="([^"]*)"/g, // <a href="…">, <img src="…">
  ]
  return patterns.flatMap((pattern) =>
    [...clean.matchAll(pattern)].map((match) => ({
      url: match[1] ?? '',
      line: clean.slice(0, match.index).split('\n').length,
    })),
  )
}

/**
 * GitHub's ids of a Markdown file's headings (and explicit `<a id>`/`<a name>` anchors).
 * @param {string} text
 */
function githubAnchors(text) {
  /** @type {Map<string, number>} */
  const seen = new Map()
  const anchors = new Set()
  const clean = prose(text)
  for (const match of clean.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1])
  const source = text.split('\n')
  clean.split('\n').forEach((line, index) => {
    if (!/^ {0,3}#{1,6}\s/.test(line)) return
    const heading = (source[index] ?? '')
      .replace(/^ {0,3}#{1,6}\s+/, '')
      .replace(/\s+#+\s*$/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
      .replace(/<[^>]+>/g, '') // inline HTML
      .replace(/(\*+|\b_+|_+\b)/g, '') // emphasis markers
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count ? `${base}-${count}` : base)
  })
  return anchors
}

/** @type {Map<string, Set<string>>} */
const anchorCache = new Map()
/** @param {string} file an absolute path */
const anchorsOf = (file) => {
  let anchors = anchorCache.get(file)
  if (!anchors) anchorCache.set(file, (anchors = githubAnchors(readFileSync(file, 'utf8'))))
  return anchors
}

/** A path that git ignores (build output, generated files): on the repository's host it is not there. */
const ignored = (/** @type {string} */ path) =>
  spawnSync('git', ['check-ignore', '-q', path], { cwd: root }).status === 0

/** A link that names a scheme (https:, mailto:) or a host (//host). */
const EXTERNAL = /^([a-z][a-z\d+.-]*:|\/\/)/i

// 1. The Markdown sources.
/** @type {(dir: string) => string[]} docs/**\/*.md but docs/.vitepress and docs/reference/<entry>/ */
const markdownIn = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory())
      return entry.name.startsWith('.') || dir === 'docs/reference' ? [] : markdownIn(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
const sources = [...ROOT_DOCS.filter((file) => existsSync(join(root, file))), ...markdownIn('docs')]
for (const file of sources) {
  const text = readFileSync(join(root, file), 'utf8')
  const inDocs = file.startsWith('docs/')
  for (const { url, line } of linksOf(text)) {
    if (!url || EXTERNAL.test(url)) continue
    if (inDocs && url.startsWith('/')) continue // a site path: VitePress and part 2 check it
    checked++
    const at = `${file}:${line}: ${url}`
    const [pathPart = '', hash] = url.split('#', 2)
    let path
    try {
      path = decodeURIComponent(pathPart.replace(/\?.*$/, ''))
    } catch {
      problems.push(`${at}: not a valid URL`)
      continue
    }
    const target = path
      ? resolve(dirname(join(root, file)), path.startsWith('/') ? `.${path}` : path)
      : join(root, file)
    const inRepo = relative(root, target)
    if (inRepo.startsWith('..')) {
      problems.push(`${at}: points outside the repository`)
      continue
    }
    // A docs page may name another page without .md (VitePress resolves `guide` and `guide/`).
    const candidates =
      inDocs && inRepo.startsWith('docs')
        ? [target, `${target}.md`, join(target, 'index.md')]
        : [target]
    const found = candidates.find((candidate) => existsSync(candidate))
    if (!found) {
      const generated = /^docs\/reference\/[^/]+\//.test(inRepo.replaceAll('\\', '/'))
      problems.push(
        `${at}: ${inRepo} does not exist${generated ? ' (generated by `npm run docs:api`: is the entry point right?)' : ''}`,
      )
      continue
    }
    if (
      hash &&
      statSync(found).isFile() &&
      ROOT_DOCS.includes(relative(root, found)) &&
      !anchorsOf(found).has(decodeURIComponent(hash))
    ) {
      problems.push(`${at}: no heading with the id "${hash}" in ${relative(root, found)}`)
    }
  }
}

// 2. The built site.
/** @type {(dir: string) => string[]} */
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : entry.name.endsWith('.html') ? [path] : []
  })

/** The few entities VitePress writes in attribute values. */
const unescape = (/** @type {string} */ value) =>
  value.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[
        /** @type {'amp'} */ (name)
      ],
  )

/** The built file a site path is served from (cleanUrls: /guides/backend -> guides/backend.html). */
function builtFile(/** @type {string} */ pathname) {
  const path = join(dist, decodeURIComponent(pathname))
  const candidates = pathname.endsWith('/')
    ? [join(path, 'index.html')]
    : [path, `${path}.html`, join(path, 'index.html')]
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
}

if (!existsSync(join(dist, 'index.html'))) {
  problems.push(
    'docs/.vitepress/dist has no index.html: run `vitepress build docs` first (`npm run docs:build` does both).',
  )
} else {
  /** @type {Map<string, Set<string>>} */
  const ids = new Map()
  const idsOf = (/** @type {string} */ file) => {
    let set = ids.get(file)
    if (!set) {
      set = new Set(
        [...readFileSync(file, 'utf8').matchAll(/\sid="([^"]*)"/g)].map((match) =>
          unescape(match[1] ?? ''),
        ),
      )
      ids.set(file, set)
    }
    return set
  }
  const repository = repositoryUrl()
  /** `<repository>/tree/main/<path>` or `<repository>/blob/main/<path>`, with its #anchor. */
  const repositoryFile = new RegExp(
    `^${repository.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/(tree|blob)/${BRANCH}(?:/([^#?]*))?(?:\\?[^#]*)?(?:#(.*))?$`,
  )
  /**
   * What is wrong with a link into the repository, or '' when it names a file or folder here.
   * @param {string} href
   */
  const repositoryProblem = (href) => {
    const [, kind, encoded = '', hash] = repositoryFile.exec(href) ?? []
    if (!kind) return ''
    let path
    try {
      path = decodeURIComponent(encoded).replace(/\/$/, '')
    } catch {
      return 'not a valid URL'
    }
    const target = resolve(root, path)
    if (relative(root, target).startsWith('..')) return 'points outside the repository'
    if (!existsSync(target)) return `${path || '.'} does not exist in the repository`
    if (path && ignored(path)) return `${path} is git-ignored: it is not in the repository`
    const folder = statSync(target).isDirectory()
    if (folder !== (kind === 'tree'))
      return `${path || '.'} is a ${folder ? 'folder' : 'file'}: its address is ${repository}/${folder ? 'tree' : 'blob'}/${BRANCH}/${path}`
    if (hash && ROOT_DOCS.includes(path) && !anchorsOf(target).has(decodeURIComponent(hash)))
      return `no heading with the id "${hash}" in ${path}`
    return ''
  }
  const pages = walk(dist).filter((file) => !file.endsWith('404.html'))
  for (const page of pages) {
    const html = readFileSync(page, 'utf8')
    const pageUrl = new URL(
      `/${relative(dist, page).replaceAll('\\', '/')}`.replace(/(index)?\.html$/, ''),
      'http://site.invalid',
    )
    const icon = /<link\s[^>]*?rel="icon"[^>]*?href="([^"]*)"/.exec(html)?.[1]
    if (!icon)
      problems.push(
        `docs/.vitepress/dist/${relative(dist, page)}: no <link rel="icon">: browsers then ask for /favicon.ico`,
      )
    else if (
      !EXTERNAL.test(icon) &&
      !icon.startsWith('data:') &&
      !builtFile(new URL(unescape(icon), pageUrl).pathname)
    ) {
      problems.push(
        `docs/.vitepress/dist/${relative(dist, page)}: the icon ${icon} is not a built file`,
      )
    }
    /** @type {Set<string>} */
    const seen = new Set()
    for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const href = unescape(match[1] ?? '')
      if (!href || seen.has(href)) continue
      seen.add(href)
      if (EXTERNAL.test(href)) {
        const problem = repositoryProblem(href)
        if (problem)
          problems.push(`docs/.vitepress/dist/${relative(dist, page)}: ${href}: ${problem}`)
        if (repositoryFile.test(href)) checked++
        continue
      }
      checked++
      const at = `docs/.vitepress/dist/${relative(dist, page)}: ${href}`
      const url = new URL(href, pageUrl)
      const file = builtFile(url.pathname)
      if (!file) {
        problems.push(`${at}: no built page or file at ${url.pathname}`)
        continue
      }
      const hash = decodeURIComponent(url.hash.slice(1))
      if (hash && file.endsWith('.html') && !idsOf(file).has(hash)) {
        problems.push(`${at}: no id "${hash}" on ${url.pathname}`)
      }
    }
  }
}

if (problems.length) {
  console.error(
    `docs-links: ${problems.length} broken link(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(
  `docs-links: ${checked} links checked (${sources.length} Markdown files and the built site), all resolve.`,
)
