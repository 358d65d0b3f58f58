// The React Query keys of ibv-kit, in one place: what one hook caches, another invalidates.
// Imported as a namespace (`import * as ibvKeys`), so a bundle keeps only the keys it uses.
// React Query hashes each key by value, so a token request (an object) is a key as it is.

/**
 * The token of one token request (a report's, a consumer's, an invite's), for the service it is
 * shown by (`scope`, its URL): a token is never handed to another service.
 */
export const token = (request: object | undefined, scope?: string) =>
  ['ibv-kit', 'token', request, scope] as const

/** Every report: what a refresh, or an event about a report not named, invalidates. */
export const reports = () => ['ibv-kit', 'report'] as const

/** One product request's report answer. */
export const report = (productRequestId: string) => ['ibv-kit', 'report', productRequestId] as const

/** The refresh of one consumer's report (a mutation). */
export const refresh = (consumerId: string) => ['ibv-kit', 'refresh', consumerId] as const

/** Where the invites sent to one consumer stand (`GET /invites`): what an `invite_used` invalidates. */
export const invites = (consumerId: string) => ['ibv-kit', 'invites', consumerId] as const
