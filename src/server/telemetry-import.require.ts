/**
 * The CommonJS build's ./telemetry-import.js (vite.config.ts swaps it in): nothing to import.
 * CommonJS runs on Node, where ./telemetry-api.js has required the API already if the app has it.
 * An import() here would fail under Jest (without its ES module mode), and a `require` of the
 * package would have a bundler (webpack, for a server bundle) look for it at build time, and fail
 * where it is not installed.
 */
export const importTelemetryModule = (): Promise<unknown> => Promise.resolve(undefined)
