import type * as OpenTelemetry from '@opentelemetry/api'

/** What is used of OpenTelemetry's API, as the app installed it (`@opentelemetry/api`, an optional peer). */
export type TelemetryApi = Pick<typeof OpenTelemetry, 'trace' | 'metrics'>

let loading: Promise<TelemetryApi | undefined> | undefined
let loaded: TelemetryApi | undefined

/**
 * OpenTelemetry's API when the app has it, else undefined: loaded once, by a dynamic import whose
 * failure (the package is not installed, an edge runtime that resolves no package) is caught, so
 * `ibv-kit/server` works without it. The hints keep bundlers (webpack, Turbopack, Vite) from
 * resolving it at build time: the app's own copy is used at run time, where its SDK registered
 * the tracer and meter providers this API hands out. Without a registered SDK the API is a no-op.
 */
export function telemetryApi(): Promise<TelemetryApi | undefined> {
  loading ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ '@opentelemetry/api').then(
    (module: Partial<TelemetryApi> & { default?: Partial<TelemetryApi> }) => {
      // Its CommonJS build, as Node loads it, may hand the API over as the default export only.
      const api = typeof module.trace?.getTracer === 'function' ? module : module.default
      loaded = typeof api?.trace?.getTracer === 'function' && typeof api.metrics?.getMeter === 'function' ? (api as TelemetryApi) : undefined
      return loaded
    },
    () => undefined,
  )
  return loading
}

/**
 * The API if it is loaded already, else undefined (and it starts loading). What a request uses:
 * it never waits for the import, which would hold the first request up for as long as the import
 * takes (and, under a test's fake clock, past the next timer). The backend starts the load when it
 * is built, so it is there by the first request; a request that comes before is not recorded.
 */
export function loadedTelemetryApi(): TelemetryApi | undefined {
  if (!loaded) void telemetryApi()
  return loaded
}

/** Calls `apply` with the API: at once when it is loaded, else once it is (never when it is absent). */
export function withTelemetryApi(apply: (api: TelemetryApi) => void): void {
  if (loaded) apply(loaded)
  else void telemetryApi().then((api) => api && apply(api))
}
