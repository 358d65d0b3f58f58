// @vitest-environment node
// The newcomer's path (issue 39, item 5): what someone who has never seen ibv-kit meets first.
// The README starts with a `git clone` of the one repository address package.json names, every
// command of the docs runs as printed with no questions asked, the docs site's Reference lists
// every entry point, its links to repository files lead somewhere, and it has an icon.
// A fresh clone's `npm install` must leave `git status` clean and list nothing to review: a whole
// install takes minutes, so the test runs npm on package.json and package-lock.json alone
// (`--package-lock-only`), which is what decides both.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMarkdownRenderer, disposeMdItInstance } from 'vitepress'
import { afterAll, describe, expect, it } from 'vitest'
import config, { entryPoints, repositoryLinks } from '../../docs/.vitepress/config.ts'
import typedoc from '../../typedoc.config.mjs'
import { fencesOf } from '../../scripts/markdown-fences.mjs'
import { repositoryUrl } from '../../scripts/repository.mjs'

type Package = {
  name: string
  repository?: { type?: string; url?: string }
  homepage?: string
  bugs?: { url?: string }
  exports: Record<string, string | { import: { default: string } }>
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Package

/** README.md, CONTRIBUTING.md, docs/**\/*.md (not the generated reference) and the examples' READMEs. */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory())
        return entry.name.startsWith('.') ||
          entry.name === 'node_modules' ||
          dir === 'docs/reference'
          ? []
          : walk(path)
      return entry.name.endsWith('.md') ? [path] : []
    })
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs'), ...walk('examples')]
}

/** The commands of a file's shell blocks (```sh, ```bash, ```shell, ```console), with their line numbers. */
function commandsOf(file: string): { at: string; command: string }[] {
  const text = readFileSync(file, 'utf8')
  return fencesOf(text)
    .filter((fence) => /^(sh|bash|shell|console)\b/.test(fence.info))
    .flatMap((fence) =>
      fence.body.flatMap((line, index) => {
        const command = line
          .replace(/^\$\s+/, '')
          .replace(/\s+#.*$/, '')
          .trim()
        return command && !command.startsWith('#')
          ? [{ at: `${file}:${fence.open + index + 2}`, command }]
          : []
      }),
    )
}

/** The entry points of package.json "exports": `ibv-kit`, `ibv-kit/core`, … (not the stylesheet, not package.json). */
const exported = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json' && !key.endsWith('.css'))
  .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`))

describe('one repository address', () => {
  it('package.json has "repository", "homepage" and "bugs", all on the same address', () => {
    expect(pkg.repository?.type).toBe('git')
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/[^/]+\/[^/]+\/[^/]+\.git$/)
    const url = repositoryUrl()
    expect(pkg.homepage).toBe(`${url}#readme`)
    expect(pkg.bugs?.url).toBe(`${url}/issues`)
  })

  it("the README's first command is a `git clone` of it into a folder it names", () => {
    const readme = readFileSync('README.md', 'utf8')
    const first = fencesOf(readme)[0]
    expect(first?.info).toBe('sh')
    expect(first?.body[0]).toBe(`git clone ${repositoryUrl()}.git ibv-kit`)
  })

  it('every `git clone` in the docs clones that address and names its folder', () => {
    const clones = markdownFiles().flatMap((file) =>
      commandsOf(file).filter(({ command }) => /\bgit clone\b/.test(command)),
    )
    expect(clones.length).toBeGreaterThanOrEqual(4)
    for (const { at, command } of clones) {
      expect(command.replace(/\s*(&&|;).*$/, ''), at).toBe(
        `git clone ${repositoryUrl()}.git ibv-kit`,
      )
    }
  })
})

describe("a fresh clone's npm install", () => {
  it(
    'leaves package-lock.json as it is, and lists no install script to review',
    { timeout: 120_000 },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'ibv-kit-lock-'))
      try {
        for (const file of ['package.json', 'package-lock.json'])
          copyFileSync(file, join(dir, file))
        // Offline: a lockfile in step with package.json needs nothing from the registry.
        const npm = spawnSync(
          'npm',
          ['install', '--package-lock-only', '--offline', '--no-audit', '--no-fund'],
          { cwd: dir, encoding: 'utf8', timeout: 110_000 },
        )
        const output = `${npm.stdout}${npm.stderr}`
        expect(npm.status, output).toBe(0)
        // npm 11 lists the dependencies with an install script that "allowScripts" in package.json
        // neither allows nor denies.
        expect(output).not.toMatch(/install-scripts|allowScripts/)
        expect(
          readFileSync(join(dir, 'package-lock.json'), 'utf8') ===
            readFileSync('package-lock.json', 'utf8'),
          'npm install rewrites package-lock.json: run it and commit the lockfile',
        ).toBe(true)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})

describe('commands that run as printed', () => {
  it('every `npm create`, `npm init <initializer>` and `npm exec` says --yes, and create-vite --no-interactive', () => {
    const creates = markdownFiles().flatMap((file) =>
      commandsOf(file).filter(({ command }) => /\bnpm (create|init \S|exec)\b/.test(command)),
    )
    expect(creates.length).toBeGreaterThanOrEqual(2)
    for (const { at, command } of creates) {
      const [npmPart = '', toolPart = ''] = command.split(/\s--\s/, 2)
      expect(
        npmPart,
        `${at}: npm asks before it fetches the initializer (or cancels with no terminal)`,
      ).toMatch(/\s(--yes|-y)\b/)
      if (/\bvite(@\S+)?\b/.test(npmPart))
        expect(toolPart, `${at}: create-vite asks which linter to use`).toMatch(
          /--no-interactive\b/,
        )
    }
  })
})

describe("the docs site's Reference", () => {
  const reference = config.themeConfig?.sidebar
  const items = Array.isArray(reference)
    ? reference.find((item) => item.text === 'Reference')?.items
    : undefined

  it('lists every entry point of package.json "exports", in its order', () => {
    expect(items?.map((item) => item.text)).toEqual(exported)
    expect(items?.map((item) => item.link)).toEqual(
      entryPoints.map(([folder]) => `/reference/${folder}/`),
    )
  })

  it('has a page for each: TypeDoc documents every entry point, and the hand-written table links each page', () => {
    const sources = Object.values(pkg.exports).flatMap((value) =>
      typeof value === 'string'
        ? []
        : [value.import.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')],
    )
    expect(sources).toHaveLength(exported.length)
    expect([...(typedoc.entryPoints ?? [])].sort()).toEqual([...sources].sort())
    const table = readFileSync('docs/reference/index.md', 'utf8')
    for (const [folder, importPath] of entryPoints)
      expect(table, importPath).toContain(`[\`${importPath}\`](./${folder}/index.md)`)
  })
})

describe('links to repository files on the docs site', () => {
  // VitePress keeps one renderer per process (and its highlighter): released after these tests.
  afterAll(() => disposeMdItInstance())
  const render = async (markdown: string, page: string) => {
    const md = await createMarkdownRenderer(join(process.cwd(), 'docs'), {
      config: repositoryLinks,
    })
    return md.render(markdown, {
      path: join(process.cwd(), page),
      relativePath: page.replace(/^docs\//, ''),
      cleanUrls: true,
    })
  }

  it('point at the folder or file on the repository host, the anchor kept', async () => {
    const html = await render(
      '[the lender app](../../examples/lender-app/), [the guide](../../CONTRIBUTING.md#the-docs), [reports](../../api-reports/), [the sandbox](../sandbox.md)',
      'docs/guides/page.md',
    )
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    const url = repositoryUrl()
    expect(hrefs.slice(0, 3)).toEqual([
      `${url}/tree/main/examples/lender-app`,
      `${url}/blob/main/CONTRIBUTING.md#the-docs`,
      `${url}/tree/main/api-reports`,
    ])
    expect(hrefs[3], 'a link between pages stays a link of the site').toMatch(/^[./]+sandbox$/)
    expect(html).not.toContain('repository-path')
  })

  it('the navigation links the repository', () => {
    expect(config.themeConfig?.socialLinks).toEqual([{ icon: 'github', link: repositoryUrl() }])
  })
})

describe("the docs site's icon", () => {
  it('every page links an icon the site serves (no request for a missing /favicon.ico)', () => {
    const icon = config.head?.find(
      ([tag, attributes]) => tag === 'link' && attributes.rel === 'icon',
    )
    expect(icon?.[1].href).toBe('/favicon.svg')
    const svg = join('docs', 'public', 'favicon.svg')
    expect(existsSync(svg)).toBe(true)
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  })
})
