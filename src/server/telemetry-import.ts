/**
 * OpenTelemetry's API module by a dynamic import, or undefined when it cannot be loaded (the
 * package is not installed, an edge runtime that resolves no package). The hints keep bundlers
 * (webpack, Turbopack, Vite) from resolving it at build time: the app's own copy is used at run
 * time, where its SDK registered the tracer and meter providers this API hands out.
 */
export const importTelemetryModule = (): Promise<unknown> =>
  import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ '@opentelemetry/api'
  ).then(
    (module: unknown) => module,
    () => undefined,
  )
