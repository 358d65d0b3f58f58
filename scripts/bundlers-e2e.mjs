// `npm run test:bundlers`: the theme as a lender ships it. One app (scripts/bundlers/app.mjs), with
// ibv-kit installed from the packed tarball, built with each bundler's defaults: Vite 8 (`vite
// build`: Lightning CSS minifies for its default browsers), webpack 5 (production mode, css-loader,
// mini-css-extract-plugin) and Next.js 16 (`next build`, Turbopack). Each build is served by `vite
// preview` (which mounts the sandbox and a backend, as `vite` does), and Chromium reads the computed
// colours of the connect button, the open dialog, a badge, the reconnect prompt and the report view
// in three host pages (no `color-scheme` on a dark OS, `color-scheme: light dark` on a dark OS, a
// dark wrapper on a light OS). Every build must show exactly what the dev server (`vite`) shows.
// Then each build again as a browser without light-dark() sees it (the theme's `@supports` flipped):
// light exactly as above, dark readable. Run after `npm run build`. Prints each step and its time.
import { execFile } from 'node:child_process'
import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { APP_FILES } from './bundlers/app.mjs'
import { asRgb, differences, readColours, schemeProblems } from './bundlers/colours.mjs'
import { chromiumArgs, chromiumPath } from './chromium.mjs'
import { baseEnv, start, stopAll } from './docs-examples/processes.mjs'
import { freePorts } from './free-port.mjs'
import { createLenderApp, seconds, stepper } from './lender-app.mjs'

const run = promisify(execFile)
/** How long one build may take, in ms. */
const BUILD_TIMEOUT = 240_000
const began = Date.now()
const step = stepper('bundlers')

/** The host pages: query string, the OS's scheme, and what the components and the dialog must be. */
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
    const floor = css.replace(FLOOR, '@supports (color: red)').replace(MODERN, '@supports (color: no-such-colour)')
    if (floor !== css && css.search(FLOOR) !== -1) count.flipped += 1
    await route.fulfill({ response, body: floor })
  })
}

/** @type {string | undefined} */
let app
let failed = false
/** @type {import('playwright-core').Browser | undefined} */
let browser
try {
  const dir = await createLenderApp('ibv-bundlers-', APP_FILES, ['next', 'webpack', 'css-loader', 'mini-css-extract-plugin'], step)
  app = dir
  const node = (/** @type {string} */ cwd, /** @type {string[]} */ args) =>
    run(process.execPath, args, {
      cwd,
      env: baseEnv({ NEXT_TELEMETRY_DISABLED: '1' }),
      timeout: BUILD_TIMEOUT,
      killSignal: 'SIGKILL',
    }).catch((error) => {
      throw new Error(`${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`)
    })
  const bin = (/** @type {string} */ path) => join(dir, 'node_modules', path)
  await step('vite build', () => node(dir, [bin('vite/bin/vite.js'), 'build']))
  await step('webpack', async () => {
    await node(dir, ['-e', "require('webpack')(require('./webpack.config.cjs'), (e, s) => { if (e || s.hasErrors()) { console.error(e ?? s.toString('errors-only')); process.exit(1) } })"])
    copyFileSync(join(dir, 'dist-webpack-index.html'), join(dir, 'dist-webpack', 'index.html'))
  })
  await step('next build', () => node(join(dir, 'next'), [bin('next/dist/bin/next'), 'build']))

  const ports = await freePorts(4)
  const vite = bin('vite/bin/vite.js')
  const servers = [
    { name: 'dev server', args: [vite] },
    { name: 'vite build', args: [vite, 'preview'] },
    { name: 'webpack', args: [vite, 'preview', '--outDir', 'dist-webpack'] },
    { name: 'next build', args: [vite, 'preview', '--outDir', 'next/out'] },
  ].map((server, index) => ({
    ...server,
    base: `http://127.0.0.1:${ports[index]}`,
  }))
  await step('servers', () =>
    Promise.all(
      servers.map(({ name, args }, index) =>
        start(name, process.execPath, [...args, '--host', '127.0.0.1', '--port', String(ports[index]), '--strictPort'], {
          cwd: dir,
          env: baseEnv(),
          ready: (output) => output.includes(`127.0.0.1:${ports[index]}`),
        }),
      ),
    ).then(() => servers.map(({ name, base }) => `${name} on ${base}`).join(', ')),
  )
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  })
  const [dev, ...builds] = servers
  for (const { scheme, os, components, dialog } of CASES) {
    const label = `?scheme=${scheme} on a ${os} OS`
    const expected = await readColours(browser, `${dev?.base}/?scheme=${scheme}`, /** @type {'light' | 'dark'} */ (os))
    const problems = schemeProblems(expected, /** @type {'light' | 'dark'} */ (components), /** @type {'light' | 'dark'} */ (dialog))
    if (problems.length > 0) {
      failed = true
      console.error(`bundlers: FAILED: the dev server, ${label}:\n  ${problems.join('\n  ')}`)
    }
    for (const build of builds) {
      const actual = await readColours(browser, `${build.base}/?scheme=${scheme}`, /** @type {'light' | 'dark'} */ (os))
      const wrong = differences(expected, actual)
      if (wrong.length > 0) failed = true
      console.log(`bundlers: ${build.name}, ${label}: ${wrong.length === 0 ? 'as the dev server' : `FAILED:\n  ${wrong.join('\n  ')}`}`)
      const count = { flipped: 0 }
      const floor = await readColours(browser, `${build.base}/?scheme=${scheme}`, /** @type {'light' | 'dark'} */ (os), asFloorBrowser(count))
      const floorWrong = [
        ...(count.flipped === 0 ? ["no stylesheet had the theme's two @supports blocks to flip"] : []),
        ...schemeProblems(floor, /** @type {'light' | 'dark'} */ (components), /** @type {'light' | 'dark'} */ (dialog)),
        // On a light surface the older browsers' palette is the modern one, to the digit.
        ...(components === 'light' ? differences(expected, asRgb(floor)).filter((line) => !line.startsWith('open dialog') && !line.startsWith('dialog header')) : []),
      ]
      if (floorWrong.length > 0) failed = true
      console.log(`bundlers: ${build.name} without light-dark(), ${label}: ${floorWrong.length === 0 ? `${components}, readable` : `FAILED:\n  ${floorWrong.join('\n  ')}`}`)
    }
  }
  console.log(`bundlers: ${failed ? 'FAILED' : 'every build shows the theme as the dev server does'} (${seconds(began)}).`)
} catch (error) {
  failed = true
  console.error(`bundlers: FAILED: ${error instanceof Error ? error.message : error} ${app ? ` (the app is kept in ${app})` : ''}`)
} finally {
  await browser?.close().catch(() => undefined)
  await stopAll()
  if (app && !failed) rmSync(app, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
