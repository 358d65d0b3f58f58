/**
 * The CommonJS build's ./module-require.js (vite.config.ts swaps it in): the module's own
 * `require`, so that under Jest a peer comes from Jest's module registry, the copy the test has.
 */
export const requireFrom = (): NodeJS.Require => require
