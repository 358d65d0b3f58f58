// `npm run test:bundlers`: the theme as a lender ships it. One app (scripts/bundlers/app.mjs), with
// ibv-kit installed from the packed tarball, built with each bundler's defaults: Vite 8 (`vite
// build`: Lightning CSS minifies for its default browsers), webpack 5 (production mode, css-loader,
// mini-css-extract-plugin) and Next.js 16 (`next build`, Turbopack). Each build is served by `vite
// preview` (which mounts the sandbox and a backend, as `vite` does), and Chromium reads the computed
// colours of the connect button, the open dialog, a badge, the reconnect prompt and the report view
// in three host pages (no `color-scheme` on a dark OS, `color-scheme: light dark` on a dark OS, a
// dark wrapper on a light OS). Every build must show exactly what the dev server (`vite`) shows.
// Then each build again as a browser without light-dark() sees it (the theme's `@supports` flipped):
// light exactly as above, dark readable. And a CommonJS server that `require`s ibv-kit, bundled by
// webpack for Node without the optional peers: it must build without a warning and answer a token.
// Run after `npm run build`. Prints each step and its time.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { APP_FILES } from './bundlers/app.mjs'
import { asRgb, differences, readColours, schemeProblems } from './bundlers/colours.mjs'
import { baseEnv, start } from './docs-examples/processes.mjs'
import { freePorts } from './free-port.mjs'
import { runLenderCheck } from './lender-app.mjs'

/** @typedef {'light' | 'dark'} Scheme */

/**
 * The host pages: query string, the OS's scheme, and what the components and the dialog must be.
 * @type {{ scheme: string, os: Scheme, components: Scheme, dialog: Scheme }[]}
 */
const CASES = [
  { scheme: 'light', os: 'dark', components: 'light', dialog: 'dark' },
  { scheme: 'os', os: 'dark', components: 'dark', dialog: 'dark' },
  { scheme: 'wrapper', os: 'light', components: 'dark', dialog: 'light' },
]
const MODERN = /@supports\s*\(\s*color\s*:\s*light-dark\(\s*#000\s*,\s*#fff\s*\)\s*\)/g
const FLOOR = /@supports\s+not\s*\(\s*color\s*:\s*light-dark\(\s*#000\s*,\s*#fff\s*\)\s*\)/g

/**
 * Serves every stylesheet of the app as a browser without light-dark() applies it: the modern
 * palette's block never, the older browsers' block always. Counts the stylesheets it changed, so
 * a build whose CSS no longer has the two blocks fails instead of passing unchanged.
 * @param {{ flipped: number }} count
 * @returns {(page: import('playwright-core').Page) => Promise<void>}
 */
const asFloorBrowser = (count) => async (page) => {
  // The app's stylesheets, not the sandbox's own pages (the widget in the dialog).
  await page.route(/^(?!.*\/ibv-sandbox\/).*\.css(\?|$)/, async (route) => {
    const response = await route.fetch()
    const css = await response.text()
    const floor = css
      .replace(FLOOR, '@supports (color: red)')
      .replace(MODERN, '@supports (color: no-such-colour)')
    if (floor !== css && css.search(FLOOR) !== -1) count.flipped += 1
    await route.fulfill({ response, body: floor })
  })
}

await runLenderCheck('bundlers', async ({ step, createApp, node, launchChromium }) => {
  const dir = await createApp('ibv-bundlers-', APP_FILES, [
    'next',
    'webpack',
    'css-loader',
    'mini-css-extract-plugin',
  ])
  const bin = (/** @type {string} */ path) => join(dir, 'node_modules', path)
  await step('vite build', async () => void (await node(dir, [bin('vite/bin/vite.js'), 'build'])))
  await step('webpack', async () => {
    await node(dir, [
      '-e',
      "require('webpack')(require('./webpack.config.cjs'), (e, s) => { if (e || s.hasErrors()) { console.error(e ?? s.toString('errors-only')); process.exit(1) } })",
    ])
    copyFileSync(join(dir, 'dist-webpack-index.html'), join(dir, 'dist-webpack', 'index.html'))
  })
  await step(
    'next build',
    async () => void (await node(join(dir, 'next'), [bin('next/dist/bin/next'), 'build'])),
  )
  await step('webpack, a CommonJS server', async () => {
    await node(dir, [
      '-e',
      "require('webpack')(require('./webpack.server.cjs'), (e, s) => { if (e || s.hasErrors() || s.hasWarnings()) { console.error(e ?? s.toString('errors-warnings')); process.exit(1) } })",
    ])
    const answer = await node(dir, [join(dir, 'dist-server', 'server.cjs')])
    if (!answer.includes('{"status":200,"token":"string"}'))
      throw new Error(`the bundled server answered: ${answer}`)
    return 'built without a warning; a token through its backend'
  })

  const ports = await freePorts(4)
  const vite = bin('vite/bin/vite.js')
  const servers = [
    { name: 'dev server', args: [vite] },
    { name: 'vite build', args: [vite, 'preview'] },
    { name: 'webpack', args: [vite, 'preview', '--outDir', 'dist-webpack'] },
    { name: 'next build', args: [vite, 'preview', '--outDir', 'next/out'] },
  ].map((server, index) => ({ ...server, base: `http://127.0.0.1:${ports[index]}` }))
  await step('servers', () =>
    Promise.all(
      servers.map(({ name, args }, index) =>
        start(
          name,
          process.execPath,
          [...args, '--host', '127.0.0.1', '--port', String(ports[index]), '--strictPort'],
          {
            cwd: dir,
            env: baseEnv(),
            ready: (output) => output.includes(`127.0.0.1:${ports[index]}`),
          },
        ),
      ),
    ).then(() => servers.map(({ name, base }) => `${name} on ${base}`).join(', ')),
  )
  const browser = await launchChromium()
  const [dev, ...builds] = servers
  let passed = true
  /** @type {(label: string, wrong: string[], right: string) => void} */
  const verdict = (label, wrong, right) => {
    if (wrong.length > 0) passed = false
    console.log(
      `bundlers: ${label}: ${wrong.length === 0 ? right : `FAILED:\n  ${wrong.join('\n  ')}`}`,
    )
  }
  for (const { scheme, os, components, dialog } of CASES) {
    const label = `?scheme=${scheme} on a ${os} OS`
    const expected = await readColours(browser, `${dev?.base}/?scheme=${scheme}`, os)
    // The app's own button colour (scripts/bundlers/app.mjs), light or dark.
    const button = components === 'light' ? 'rgb(11, 92, 173)' : 'rgb(142, 197, 255)'
    const own =
      expected['connect button']?.['background-color'] === button
        ? []
        : [
            `connect button ${expected['connect button']?.['background-color']}, not the app's ${button}`,
          ]
    verdict(
      `the dev server, ${label}`,
      [...schemeProblems(expected, components, dialog), ...own],
      `${components}, readable, the app's button colour`,
    )
    for (const build of builds) {
      verdict(
        `${build.name}, ${label}`,
        differences(expected, await readColours(browser, `${build.base}/?scheme=${scheme}`, os)),
        'as the dev server',
      )
      const count = { flipped: 0 }
      const floor = await readColours(
        browser,
        `${build.base}/?scheme=${scheme}`,
        os,
        asFloorBrowser(count),
      )
      const floorWrong = [
        ...(count.flipped === 0
          ? ["no stylesheet had the theme's two @supports blocks to flip"]
          : []),
        ...schemeProblems(floor, components, dialog),
        // On a light surface the older browsers' palette is the modern one, to the digit.
        ...(components === 'light'
          ? differences(expected, asRgb(floor)).filter(
              (line) => !line.startsWith('open dialog') && !line.startsWith('dialog header'),
            )
          : []),
      ]
      verdict(`${build.name} without light-dark(), ${label}`, floorWrong, `${components}, readable`)
    }
  }
  return passed
})
