// Checks the package as a lender receives it: publint --strict on the built package, then
// arethetypeswrong on the packed tarball, then the tarball's file list (dist and types in,
// sources of tests out). Run after `npm run build`. The rules on imports hold for both builds:
// the ES modules in dist/ and the CommonJS ones in dist/cjs/ (where `require` stands for `import`).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { packTarball } from './pack.mjs'

/** @type {(command: string, args: string[]) => void} */
const run = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'inherit' })
  } catch {
    console.error(`check-package: \`${[command, ...args].join(' ')}\` failed (see above).`)
    process.exit(1)
  }
}

run('npx', ['--no-install', 'publint', '--strict'])

// What a lender's app must resolve: every bare import of the shipped code, and of the type files
// its entry points reach, is a dependency, a peer or a Node built-in. Hono and its Node adapter
// are dependencies, resolved from the lender's node_modules (so `npm audit` sees them); that no
// browser entry reaches them is checked below.
// An optional peer is resolvable only from the entry made for it (the Redis client from
// dist/server/redis/, the test libraries from dist/testing/, and the same folders under
// dist/cjs/): no other entry may reach that entry, so an app without the peer imports the rest.
const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
const optionalPeers = Object.keys(pkg.peerDependenciesMeta ?? {}).filter(
  (name) => pkg.peerDependenciesMeta[name].optional,
)
/** @type {Record<string, string>} */
const OPTIONAL_PEER_HOMES = {
  redis: 'dist/server/redis/',
  msw: 'dist/testing/',
  '@testing-library/react': 'dist/testing/',
  'playwright-core': 'dist/testing/',
}
// An optional peer that every server entry may use when it is there, loaded by one module with a
// dynamic import() whose failure is caught (so the entries load without it), never statically.
/** @type {Record<string, string>} */
const OPTIONAL_PEER_LOADERS = { '@opentelemetry/api': 'dist/server/telemetry-import.js' }
const homeless = optionalPeers.filter(
  (name) => !OPTIONAL_PEER_HOMES[name] && !OPTIONAL_PEER_LOADERS[name],
)
if (homeless.length > 0) {
  console.error(
    `check-package: optional peers without an entry of their own in OPTIONAL_PEER_HOMES: ${homeless.join(', ')}.`,
  )
  process.exit(1)
}
const HOMES = [...new Set(Object.values(OPTIONAL_PEER_HOMES))]
/** Where `file` sits in the ES module build: dist/cjs/x.js is the CommonJS build of dist/x.js. */
/** @type {(file: string) => string} */
const esmPath = (file) => file.replace(/^dist\/cjs\//, 'dist/')
const resolvable = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
].filter((name) => !optionalPeers.includes(name))
/** @type {(specifier: string, names: string[]) => boolean} */
const isPackage = (specifier, names) =>
  names.some((name) => specifier === name || specifier.startsWith(`${name}/`))
/** @type {(file: string) => string[]} */
const importsOf = (file) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\b(?:import|require)\(\s*(?:\/\*[^*]*\*\/\s*)*["']([^"']+)["']\s*\)/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? '')
/**
 * Only the dynamic import() specifiers of `file` (bundler hints in comments allowed); in the
 * CommonJS build, where an import() is a require() in a promise, those requires.
 * @type {(file: string) => string[]}
 */
const dynamicImportsOf = (file) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)*["']([^"']+)["']\s*\)|\bPromise\.resolve\(\)\.then\(\(\) => (?:\/\*[^*]*\*\/\s*)*(?:[\w.]+\()?require\(\s*(?:\/\*[^*]*\*\/\s*)*["']([^"']+)["']\s*\)/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? '')
/** @type {(file: string, specifier: string) => boolean} */
const bareAndForeign = (file, specifier) =>
  !specifier.startsWith('.') &&
  !specifier.startsWith('node:') &&
  !isPackage(specifier, resolvable) &&
  !optionalPeers.some(
    (name) =>
      esmPath(file).startsWith(OPTIONAL_PEER_HOMES[name] ?? '\0') && isPackage(specifier, [name]),
  ) &&
  !optionalPeers.some(
    (name) =>
      esmPath(file) === OPTIONAL_PEER_LOADERS[name] &&
      specifier === name &&
      dynamicImportsOf(file).includes(name) &&
      !staticallyImports(file, name),
  )
/** @type {(file: string, name: string) => boolean} */
const staticallyImports = (file, name) =>
  importsOf(file).filter((specifier) => specifier === name).length >
  dynamicImportsOf(file).filter((specifier) => specifier === name).length
/** @type {(dir: string) => string[]} */
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  )
const shipped = walk('dist')
const reachableTypes = new Set()
/**
 * The files of an `exports` target for `field` (`types`, `default`), under both its conditions,
 * `import` and `require`.
 * @type {(target: unknown, field: 'types' | 'default') => string[]}
 */
const targetFiles = (target, field) =>
  typeof target === 'object' && target !== null
    ? Object.values(target).flatMap((condition) =>
        typeof condition?.[field] === 'string'
          ? [String(condition[field]).replace(/^\.\//, '')]
          : [],
      )
    : []
const pendingTypes = Object.values(pkg.exports).flatMap((target) => targetFiles(target, 'types'))
for (let file = pendingTypes.pop(); file; file = pendingTypes.pop()) {
  if (reachableTypes.has(file)) continue
  reachableTypes.add(file)
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith('.'))
      pendingTypes.push(join(dirname(file), specifier.replace(/\.js$/, '.d.ts')))
  }
}
const foreign = [...shipped.filter((file) => file.endsWith('.js')), ...reachableTypes].flatMap(
  (file) =>
    importsOf(file)
      .filter((specifier) => bareAndForeign(file, specifier))
      .map((specifier) => `${file} imports ${specifier}`),
)
if (foreign.length > 0) {
  console.error(`check-package: imports a lender's app could not resolve: ${foreign.join('; ')}.`)
  process.exit(1)
}
// And no other entry reaches those through a relative import: `ibv-kit`, `ibv-kit/server` and
// the rest load without the Redis client or the test libraries installed.
/** @type {[string, string][]} */
const entryFiles = Object.entries(pkg.exports).flatMap(([name, target]) =>
  targetFiles(target, 'default').flatMap((file) =>
    file.endsWith('.js') && !HOMES.some((home) => esmPath(file).startsWith(home))
      ? [/** @type {[string, string]} */ ([name, file])]
      : [],
  ),
)
const reachesOptional = entryFiles.flatMap(([name, entry]) => {
  const seen = new Set()
  const pending = [entry]
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    if (HOMES.some((home) => esmPath(file).startsWith(home))) return [`${name} reaches ${file}`]
    for (const specifier of importsOf(file))
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier))
  }
  return []
})
if (reachesOptional.length > 0) {
  console.error(
    `check-package: an entry would need an optional peer: ${reachesOptional.join('; ')}.`,
  )
  process.exit(1)
}
// A loader's import() must be caught, or an app without the peer would fail where it is called.
// Its CommonJS build names the peer nowhere: a bundler of a CommonJS server (webpack) would
// resolve a `require` of it at build time, and fail where it is not installed.
/** @type {[string, string][]} */
const loaderFiles = Object.entries(OPTIONAL_PEER_LOADERS)
const uncaught = loaderFiles.filter(([name, file]) => {
  const text = readFileSync(file, 'utf8')
  const quoted = `["']${name.replace(/[/.]/g, '\\$&')}["']`
  const at = text.search(new RegExp(`import\\(\\s*(?:/\\*[^*]*\\*/\\s*)*${quoted}\\s*\\)`))
  const after = text.slice(text.indexOf(')', text.indexOf(name, at)) + 1).replace(/^\s+/, '')
  return at < 0 || !/^\.then\([^]*?,\s*\(\)\s*=>\s*(?:undefined|void 0)\s*,?\s*\)/.test(after)
})
/** The CommonJS build of `file`: its `.require.js` twin where vite.config.ts swapped one in. */
const commonjsOf = (/** @type {string} */ file) =>
  [
    file.replace(/^dist\//, 'dist/cjs/').replace(/\.js$/, '.require.js'),
    file.replace(/^dist\//, 'dist/cjs/'),
  ].find((path) => existsSync(path)) ?? file
const named = loaderFiles
  .map(([name, file]) => [name, commonjsOf(file)])
  .filter(([name, file]) => readFileSync(file ?? '', 'utf8').includes(name ?? ''))
if (named.length > 0) {
  console.error(
    `check-package: ${named.map(([name, file]) => `${file} names ${name}`).join('; ')}: its CommonJS build must not (a server bundler would resolve it at build time).`,
  )
  process.exit(1)
}
if (uncaught.length > 0) {
  console.error(
    `check-package: ${uncaught.map(([name, file]) => `${file} must load ${name} by an import() whose failure is caught (.then(use, () => undefined))`).join('; ')}.`,
  )
  process.exit(1)
}
console.log(
  `Optional peers (${optionalPeers.join(', ')}): imported only under ${HOMES.join(' and ')} (and the same under dist/cjs/), which none of ${[...new Set(entryFiles.map(([name]) => name))].join(', ')} reaches in either build; ${loaderFiles.map(([name, file]) => `${name} only by a caught import() in ${file}`).join(', ')}.`,
)
console.log(
  `Imports: every bare import of ${shipped.filter((file) => file.endsWith('.js')).length} modules and ${reachableTypes.size} reachable type files is a dependency, a peer or a Node built-in.`,
)

// ibv-kit/elements is for pages with no React and maybe no bundler: nothing it reaches imports a
// package (React least of all), so a page can load dist/elements/index.js as it is.
/** @type {(entry: string) => string[]} */
const closure = (entry) => {
  const seen = new Set()
  const pending = [entry]
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of importsOf(file))
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier))
  }
  return [...seen]
}
const elementsModules = [
  ...closure('dist/elements/index.js'),
  ...closure('dist/cjs/elements/index.js'),
]
const bareImports = elementsModules.flatMap((file) =>
  importsOf(file)
    .filter((specifier) => !specifier.startsWith('.'))
    .map((specifier) => `${file} imports ${specifier}`),
)
if (bareImports.length > 0) {
  console.error(
    `check-package: ibv-kit/elements must load with no React and no bundler: ${bareImports.join('; ')}.`,
  )
  process.exit(1)
}
console.log(
  `ibv-kit/elements: ${elementsModules.length} modules (both builds), none imports a package (React least of all).`,
)

// The browser entries (ibv-kit, ibv-kit/core, ibv-kit/elements and the language packs) reach no
// server framework: no module they load imports Hono or its Node adapter, so a browser bundle
// holds none of it (and the bundle sizes of scripts/bundle-size.mjs never count it).
const SERVER_FRAMEWORK = ['hono', '@hono/node-server']
/** @type {[string, string][]} */
const browserEntries = Object.entries(pkg.exports).flatMap(([name, target]) =>
  ['.', './core', './elements'].includes(name) || name.startsWith('./locales/')
    ? targetFiles(target, 'default').map(
        (file) => /** @type {[string, string]} */ ([`ibv-kit${name.slice(1)}`, file]),
      )
    : [],
)
const frameworkImports = browserEntries.flatMap(([name, entry]) =>
  closure(entry).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => isPackage(specifier, SERVER_FRAMEWORK))
      .map((specifier) => `${name} reaches ${file}, which imports ${specifier}`),
  ),
)
if (browserEntries.length < 12 || frameworkImports.length > 0) {
  console.error(
    `check-package: a browser entry must not reach the server framework: ${frameworkImports.join('; ') || `only ${browserEntries.length} browser entries in "exports"`}.`,
  )
  process.exit(1)
}
const serverFramework = shipped.filter(
  (file) =>
    file.endsWith('.js') &&
    importsOf(file).some((specifier) => isPackage(specifier, SERVER_FRAMEWORK)),
)
console.log(
  `Browser entries (${[...new Set(browserEntries.map(([name]) => name))].join(', ')}): none reaches Hono in either build, which ${serverFramework.length} server and sandbox modules import from the app's node_modules.`,
)

// A language pack is data: ibv-kit/locales/es and the other translations import nothing (so a
// pack costs its texts and nothing more); ibv-kit/locales/en re-exports core's English, which
// imports no package.
/** @type {[string, string][]} */
const localeEntries = Object.entries(pkg.exports).flatMap(([name, target]) =>
  name.startsWith('./locales/')
    ? targetFiles(target, 'default').map(
        (file) => /** @type {[string, string]} */ ([name.slice(2), file]),
      )
    : [],
)
const localeProblems = localeEntries.flatMap(([name, file]) => {
  const modules = closure(file)
  if (name !== 'locales/en' && modules.length > 1)
    return [`ibv-kit/${name} imports ${modules.slice(1).join(', ')}`]
  return modules.flatMap((module) =>
    importsOf(module)
      .filter((specifier) => !specifier.startsWith('.'))
      .map((specifier) => `${module} imports ${specifier}`),
  )
})
if (localeEntries.length < 6 || localeProblems.length > 0) {
  console.error(
    `check-package: the language packs must be data: ${localeProblems.join('; ') || `only ${localeEntries.length} locale entries in "exports"`}.`,
  )
  process.exit(1)
}
console.log(
  `Language packs: ${[...new Set(localeEntries.map(([name]) => `ibv-kit/${name}`))].join(', ')}; in both builds, each translation one module with no imports, English core's own texts.`,
)

// React modules keep 'use client' (for React Server Components); core, elements and server never carry it.
/** @type {(file: string) => boolean} */
const starts = (file) => readFileSync(file, 'utf8').startsWith('"use client"')
const reactFiles = ['dist', 'dist/cjs'].flatMap((root) => [
  `${root}/index.js`,
  ...readdirSync(`${root}/react`)
    .filter((f) => f.endsWith('.js'))
    .map((f) => `${root}/react/${f}`),
])
const serverFiles = ['dist', 'dist/cjs'].flatMap((root) =>
  ['core', 'elements', 'locales', 'server', 'server/redis'].flatMap((dir) =>
    readdirSync(`${root}/${dir}`)
      .filter((f) => f.endsWith('.js'))
      .map((f) => `${root}/${dir}/${f}`),
  ),
)
const directiveProblems = [
  ...reactFiles.filter((file) => !starts(file)).map((file) => `${file} lacks 'use client'`),
  ...serverFiles.filter(starts).map((file) => `${file} has 'use client'`),
]
if (directiveProblems.length > 0) {
  console.error(`check-package: ${directiveProblems.join('; ')}.`)
  process.exit(1)
}
console.log(
  `'use client': on ${reactFiles.length} browser modules, on none of ${serverFiles.length} core/elements/locales/server modules (both builds).`,
)

// The CommonJS build runs where ES module syntax cannot: Jest's default configuration (no ES
// module mode) runs no import() in CommonJS code, and CommonJS has no import.meta.
const commonjsModules = walk('dist/cjs').filter((file) => file.endsWith('.js'))
const esmOnly = commonjsModules.filter((file) =>
  /\bimport\(\s*["'/]|\bimport\.meta\b/.test(readFileSync(file, 'utf8')),
)
if (esmOnly.length > 0) {
  console.error(
    `check-package: CommonJS modules with import() or import.meta: ${esmOnly.join(', ')}.`,
  )
  process.exit(1)
}
console.log(`CommonJS build: ${commonjsModules.length} modules, none with import() or import.meta.`)

const dir = mkdtempSync(join(tmpdir(), 'ibv-kit-pack-'))
try {
  const info = packTarball(dir)
  const files = info.files.map((file) => file.path)
  const problems = [
    ...files
      .filter((file) => /(^|\/)test\/|\.test(-d)?\.|\.stories\./.test(file))
      .map((file) => `ships a test: ${file}`),
    ...[
      'dist/index.js',
      'dist/index.d.ts',
      'dist/styles.css',
      'dist/cjs/package.json',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
    ]
      .concat(
        ['dist', 'dist/cjs'].flatMap((root) =>
          ['en', 'es', 'fr-CA'].flatMap((code) => [
            `${root}/locales/${code}.js`,
            `${root}/locales/${code}.d.ts`,
          ]),
        ),
      )
      .filter((file) => !files.includes(file))
      .map((file) => `misses ${file}`),
  ]
  if (problems.length > 0) {
    console.error(`The packed package ${problems.join('; ')}.`)
    process.exit(1)
  }
  console.log(`npm pack: ${files.length} files, ${info.size} bytes packed; no tests shipped.`)
  // Every entry, in every resolution mode (node10, node16 from CommonJS and from ES modules,
  // bundler). styles.css is CSS, not a module with types: attw has nothing to check there.
  run('npx', ['--no-install', 'attw', info.path, '--exclude-entrypoints', 'styles.css'])
  run('node', ['scripts/check-install.mjs', info.path])
} finally {
  rmSync(dir, { recursive: true, force: true })
}
