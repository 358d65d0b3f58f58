/** An optional peer, loaded once: its module, or why it could not be loaded. */
export type OptionalPeer<T> = { module: T } | { error: unknown }

/** Loads an optional peer with `load` (a dynamic import of it), never rejecting. */
export const loadOptionalPeer = <T>(load: () => Promise<T>): Promise<OptionalPeer<T>> =>
  load().then(
    (module) => ({ module }),
    (error: unknown) => ({ error }),
  )

/** Loads an optional peer with `load` (a `require` of it, in the CommonJS build), never throwing. */
export function requireOptionalPeer<T>(load: () => T): OptionalPeer<T> {
  try {
    return { module: load() }
  } catch (error) {
    return { error }
  }
}

/**
 * The peer's module for `helper`. Not installed: an error that says what to install. Installed
 * but broken (one of its own dependencies missing): that failure, as the cause.
 */
export function requirePeer<T>(peer: OptionalPeer<T>, name: string, helper: string): T {
  if ('module' in peer) return peer.module
  const error = peer.error as { code?: string; message?: string } | undefined
  // ERR_MODULE_NOT_FOUND from import(), MODULE_NOT_FOUND from require() (Node and Jest alike).
  const absent =
    (error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND') &&
    new RegExp(`['"]${name.replace(/[/.]/g, '\\$&')}['"]`).test(String(error.message))
  if (absent) throw new Error(`${helper} needs ${name}: npm install --save-dev ${name}`)
  throw new Error(`${helper} could not load ${name}: ${error?.message ?? String(peer.error)}`, {
    cause: peer.error,
  })
}
