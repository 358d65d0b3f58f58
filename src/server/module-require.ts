import type * as NodeModule from 'node:module'

/**
 * A `require` that resolves from this module, for a peer the app may have installed (the ES module
 * build; the CommonJS build swaps in ./module-require.require.ts, as CommonJS has no `import.meta`).
 */
export const requireFrom = (nodeModule: typeof NodeModule): NodeJS.Require =>
  nodeModule.createRequire(import.meta.url)
