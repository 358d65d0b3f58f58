// What connect sessions share, owned by whoever creates them (a provider, the custom elements'
// registration), never by the module: two providers on a page, or two test files in one module
// cache, each have their own.

/** What a scope knows of a session: that it can be closed. */
type Closable = { close(): void }

/**
 * The connect sessions of one owner: at most one of them shows its widget at a time, and an OAuth
 * state a bank returned with opens a widget once.
 */
export interface ConnectScope {
  /** Makes `session` the one whose widget shows, closing the one that showed before. */
  claim(session: { close(): void }): void
  /** `session` closed: it no longer shows a widget. */
  release(session: { close(): void }): void
  /** Whether a widget of this scope was opened with `state` already. */
  spent(state: string): boolean
  /** Records that a widget was opened with `state`: it opens nothing more in this scope. */
  spend(state: string): void
}

/**
 * A new scope for connect sessions: one per provider, or per registration of the elements.
 *
 * @example
 * const scope = createConnectScope()
 * const session = createConnectSession(options, scope)
 */
export function createConnectScope(): ConnectScope {
  let active: Closable | undefined
  const spentStates = new Set<string>()
  return {
    claim(session) {
      if (active !== session) active?.close()
      active = session
    },
    release(session) {
      if (active === session) active = undefined
    },
    spent: (state) => spentStates.has(state),
    spend: (state) => void spentStates.add(state),
  }
}
