/** Who a request comes from, as the lender's code says: the signed-in user's id, or undefined for an anonymous caller. */
export type Identify = (request: Request) => string | undefined | Promise<string | undefined>

/** The one principal every anonymous caller counts as: no string a lender returns can equal it. */
const ANONYMOUS = Symbol('anonymous')

/** A principal for counting: the user's id, or the one shared by anonymous callers. */
export type Principal = string | typeof ANONYMOUS

/** Checks `identify` at construction; refuses the removed `clientKey` so no one loses their per-user cap silently. */
export function identifyOption(options: {
  identify?: unknown
  clientKey?: unknown
}): Identify | undefined {
  if (options.clientKey !== undefined) {
    throw new TypeError(
      "createIbvBackend: clientKey was replaced by identify. Pass identify: (request) => the signed-in user's id (a string, or undefined for an anonymous caller); a key read from headers the client sends, such as the whole Cookie header, let one user count as many.",
    )
  }
  if (options.identify !== undefined && typeof options.identify !== 'function') {
    throw new TypeError(
      'createIbvBackend: identify must be a function (request) => the signed-in user id, or undefined.',
    )
  }
  return options.identify as Identify | undefined
}

/** The principal of `request`: a string id as is, undefined (or null) as the anonymous one; anything else is the lender's bug. */
export async function principalOf(identify: Identify, request: Request): Promise<Principal> {
  const id: unknown = await identify(request)
  if (id === undefined || id === null) return ANONYMOUS
  if (typeof id !== 'string') {
    const kind = typeof id
    throw new TypeError(
      `createIbvBackend: identify must return the user id as a string, or undefined for an anonymous caller; it returned ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}.`,
    )
  }
  return id
}
