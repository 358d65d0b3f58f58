/** How deep a request body may nest: far beyond any body of the service API, far below a stack overflow. */
export const MAX_JSON_DEPTH = 32

/**
 * Whether a parsed JSON value nests deeper than `limit` (a scalar is depth 0, `[]` depth 1).
 * Counted with an explicit stack, never by recursion, so a body nested 100,000 levels deep is
 * measured rather than overflowing the call stack, as `JSON.stringify` of it would.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next
    if (typeof item !== 'object' || item === null) continue
    if (depth + 1 > limit) return true
    for (const child of Object.values(item)) pending.push([child, depth + 1])
  }
  return false
}
