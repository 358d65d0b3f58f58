// `npm run docs:api`: the API reference of every entry point of package.json "exports", generated
// from the types into docs/reference/<name>/index.md (git-ignored), one page per entry point, for
// the VitePress site (`npm run docs`, `npm run docs:build`). docs/reference/index.md, the table of
// entry points, is written by hand and is never overwritten (see `load` below).
//
// This file is both TypeDoc's options and a small TypeDoc plugin (it names itself in `plugin`):
// TypeDoc would call the entry points "index", "core", "server/redis", … and write one file per
// entry point plus a root index.md. The plugin names each entry point by its import path
// ("ibv-kit/server/redis") and writes it to a folder of its own (docs/reference/server-redis/).
import { ModuleRouter } from 'typedoc-plugin-markdown'
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc'

/** Source file of each entry point -> import path (package.json "exports"). */
const entries = {
  'src/index.ts': 'ibv-kit',
  'src/core/index.ts': 'ibv-kit/core',
  'src/elements/index.ts': 'ibv-kit/elements',
  'src/locales/en.ts': 'ibv-kit/locales/en',
  'src/locales/es.ts': 'ibv-kit/locales/es',
  'src/locales/fr-CA.ts': 'ibv-kit/locales/fr-CA',
  'src/server/index.ts': 'ibv-kit/server',
  'src/server/redis/index.ts': 'ibv-kit/server/redis',
  'src/sandbox/index.ts': 'ibv-kit/sandbox',
  'src/testing/index.ts': 'ibv-kit/testing',
}

/** TypeDoc's own name of an entry point (its path under src/, without /index.ts or .ts) -> import path. */
const importPaths = new Map(
  Object.entries(entries).map(([file, name]) => [
    file === 'src/index.ts' ? 'index' : file.slice(4).replace(/(\/index)?\.ts$/, ''),
    name,
  ]),
)

/** "ibv-kit" -> "ibv-kit", "ibv-kit/server/redis" -> "server-redis": the folder under docs/reference/. */
const folderOf = (/** @type {string} */ importPath) =>
  importPath === 'ibv-kit' ? 'ibv-kit' : importPath.slice('ibv-kit/'.length).replaceAll('/', '-')

/** One folder per entry point (`<folder>/index.md`), and no page for the project itself. */
class EntryPointRouter extends ModuleRouter {
  /**
   * @override
   * @param {import('typedoc').ProjectReflection} project
   */
  buildPages(project) {
    const pages = super.buildPages(project).filter((page) => page.model !== project)
    // Links to the project (there are none with breadcrumbs off) go to the hand-written table.
    this.fullUrls.set(project, 'index.md')
    return pages
  }

  /**
   * @override
   * @param {import('typedoc').Reflection} reflection
   */
  getIdealBaseName(reflection) {
    if (reflection.kind === ReflectionKind.Module) return `${folderOf(reflection.name)}/index`
    return super.getIdealBaseName(reflection)
  }
}

/**
 * The group a React export belongs in: a component (a PascalCase function or forwardRef value)
 * or a hook (`useX`). TypeDoc would list the components as "Variables" and "Functions".
 * @param {import('typedoc').DeclarationReflection} reflection
 */
const reactGroup = (reflection) => {
  if (!reflection.kindOf(ReflectionKind.Function | ReflectionKind.Variable)) return undefined
  if (/^use[A-Z]/.test(reflection.name) && reflection.kindOf(ReflectionKind.Function))
    return 'Hooks'
  if (/^[A-Z][a-z]/.test(reflection.name)) return 'Components'
  return undefined
}

/** The plugin part (TypeDoc imports this file again through `plugin` and calls `load`). */
export function load(/** @type {import('typedoc').Application} */ app) {
  app.renderer.defineRouter('entry-points', EntryPointRouter)
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.children ?? []) {
      const name = importPaths.get(module.name)
      if (!name)
        throw new Error(
          `typedoc.config.mjs: unknown entry point "${module.name}"; add it to \`entries\`.`,
        )
      module.name = name
      if (name !== 'ibv-kit') continue
      for (const child of module.children ?? []) {
        const group = reactGroup(child)
        if (!group) continue
        child.comment ??= new Comment()
        child.comment.blockTags.push(new CommentTag('@group', [{ kind: 'text', text: group }]))
      }
    }
  })
}

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions>} */
const options = {
  name: 'ibv-kit',
  entryPoints: Object.keys(entries),
  tsconfig: 'tsconfig.build.json',
  plugin: ['typedoc-plugin-markdown', './typedoc.config.mjs'],
  out: 'docs/reference',
  // The hand-written docs/reference/index.md lives in the output folder: never empty it.
  cleanOutputDir: false,
  router: 'entry-points',
  readme: 'none',
  entryFileName: 'index.md',
  excludePrivate: true,
  excludeInternal: true,
  excludeExternals: true,
  // `npm run typecheck` type-checks src/; the reference only reads the types (saves seconds).
  skipErrorChecking: true,
  // No "Defined in" source links: a line of `main` on GitHub moves with every change, and the
  // reference is of the published types. The site links the repository from its navigation.
  disableSources: true,
  hidePageHeader: true,
  hideBreadcrumbs: true,
  pageTitleTemplates: { module: '{name}' },
  sort: ['alphabetical-ignoring-documents'],
  groupOrder: [
    'Components',
    'Hooks',
    'Functions',
    'Classes',
    'Interfaces',
    'Type Aliases',
    'Variables',
    '*',
  ],
  useCodeBlocks: true,
  // Doc comments say <EmbeddedReport> in plain text; VitePress would read it as a Vue tag.
  sanitizeComments: true,
  // `## REPORT_STATUSES {#report_statuses}`: the heading ids the plugin links to. VitePress's own
  // would be `report-statuses`, and links to names with an underscore would miss.
  useCustomAnchors: true,
  expandParameters: false,
  parametersFormat: 'table',
  interfacePropertiesFormat: 'table',
  classPropertiesFormat: 'table',
  typeAliasPropertiesFormat: 'table',
  enumMembersFormat: 'table',
  propertyMembersFormat: 'table',
  typeDeclarationFormat: 'table',
  indexFormat: 'table',
  // An interface's table would add "Inherited from" and "Overrides" columns (a link to the
  // parent's own row, already listed under "Extends"): on a 688 px page they squeeze the
  // descriptions into a narrow column and push the table into a horizontal scroll.
  tableColumnSettings: {
    hideInherited: true,
    hideOverrides: true,
    hideSources: true,
    leftAlignHeaders: true,
  },
  // Types a public signature mentions but no entry point exports; the page shows their name only.
  // Listed one by one so that a NEW one still warns, and fails `npm run docs:api`
  // (treatWarningsAsErrors). IbvMessages is built from the *_TEXT constants (defaultMessages
  // shows every text); Base and ReportEvent are the shared parts of exported unions.
  intentionallyNotExported: [
    'EMBEDDED_REPORT_TEXT',
    'BADGE_TEXT',
    'BADGE_BORROWER_TEXT',
    'RECONNECT_TEXT',
    'CONNECT_TEXT',
    'REFRESH_TEXT',
    'REPORT_VIEW_TEXT',
    'REPORT_REFRESH_TEXT',
    'INVITE_TEXT',
    'CONNECT_ELEMENT_TEXT',
    // The badge's staff descriptions: keys of IbvMessages with no default object of their own.
    'BadgeStaffText',
    'Base',
    'ReportEvent',
    'NodeHandler',
    'Listener',
    'ServerLike',
  ],
  treatWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: false },
}

export default options
