import type * as OpenTelemetry from '@opentelemetry/api'
import type * as NodeModule from 'node:module'
import { requireFrom } from './module-require.js'
import { importTelemetryModule } from './telemetry-import.js'

/** What is used of OpenTelemetry's API, as the app installed it (`@opentelemetry/api`, an optional peer). */
export type TelemetryApi = Pick<typeof OpenTelemetry, 'trace' | 'metrics'>

let loading: Promise<TelemetryApi | undefined> | undefined
let loaded: TelemetryApi | undefined

/**
 * OpenTelemetry's API when the app has it, else undefined: loaded once, required at once on Node
 * (below), else by a dynamic import whose failure is caught (./telemetry-import.js), so
 * `ibv-kit/server` works without it. Without a registered SDK the API is a no-op.
 */
export function telemetryApi(): Promise<TelemetryApi | undefined> {
  if (!loading) {
    loaded = requireApi()
    loading = loaded
      ? Promise.resolve(loaded)
      : importTelemetryModule().then((module) => (loaded = apiOf(module)))
  }
  return loading
}

/**
 * On Node, the API at once: `require`d through `process.getBuiltinModule` (no import of a Node
 * module, so edge runtimes still load this file), from the app's node_modules. Undefined where
 * that is not possible (an edge runtime, an older Node) or the app does not have the package.
 */
function requireApi(): TelemetryApi | undefined {
  try {
    const nodeModule = (
      globalThis.process as { getBuiltinModule?: (id: string) => unknown } | undefined
    )?.getBuiltinModule?.('node:module') as typeof NodeModule | undefined
    return nodeModule ? apiOf(requireFrom(nodeModule)('@opentelemetry/api')) : undefined
  } catch {
    return undefined
  }
}

/** The API in what a module load gave (undefined when it failed), or undefined when it is not one. */
function apiOf(module: unknown): TelemetryApi | undefined {
  const candidate = (module ?? {}) as Partial<TelemetryApi> & { default?: Partial<TelemetryApi> }
  // Its CommonJS build, as Node loads it, may hand the API over as the default export only.
  const api = typeof candidate.trace?.getTracer === 'function' ? candidate : candidate.default
  return typeof api?.trace?.getTracer === 'function' && typeof api.metrics?.getMeter === 'function'
    ? (api as TelemetryApi)
    : undefined
}

/**
 * The API if it is loaded already, else undefined (and it starts loading). What a request uses:
 * it never waits for an import, which would hold the first request up for as long as the import
 * takes (and, under a test's fake clock, past the next timer). On Node the API is required at
 * once; elsewhere it is imported, and a request that comes before the import ends is not recorded.
 */
export function loadedTelemetryApi(): TelemetryApi | undefined {
  void telemetryApi()
  return loaded
}

/** Calls `apply` with the API: at once when it is loaded, else once it is (never when it is absent). */
export function withTelemetryApi(apply: (api: TelemetryApi) => void): void {
  if (loaded) apply(loaded)
  else void telemetryApi().then((api) => api && apply(api))
}
