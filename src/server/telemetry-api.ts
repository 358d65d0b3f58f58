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

/** Calls `apply` with the API: at once when it is loaded, else once it is (never when it is absent). */
export function withTelemetryApi(apply: (api: TelemetryApi) => void): void {
  if (loaded) apply(loaded)
  else void telemetryApi().then((api) => api && apply(api))
}
