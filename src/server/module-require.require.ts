import type * as NodeModule from 'node:module'

declare const __non_webpack_require__: NodeJS.Require | undefined

/**
 * The CommonJS build's ./module-require.js (vite.config.ts swaps it in): a `require` that resolves
 * from this module, made with `createRequire` as in the ES module build, from `__filename` here
 * (CommonJS has no module URL). In a server bundled by webpack, Node's own require
 * (`__non_webpack_require__`): webpack's knows only what it bundled.
 */
export const requireFrom = (nodeModule: typeof NodeModule): NodeJS.Require =>
  typeof __non_webpack_require__ === 'function'
    ? __non_webpack_require__
    : nodeModule.createRequire(__filename)
