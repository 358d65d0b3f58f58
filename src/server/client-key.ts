/** The peer address of each request `toNodeHandler` passes on, for the default client key. */
const peers = new WeakMap<Request, string>()

/** Notes the socket address a request came from (the proxy's, behind one). */
export function rememberPeer(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address)
}

const encoder = new TextEncoder()

/**
 * Who a request comes from, for `maxStreamsPerClient`: a SHA-256 of its `Authorization` header,
 * else of its `Cookie` header (the session), else the socket's address when the backend runs
 * under `toNodeHandler`, else one shared key for every anonymous caller. Credentials are hashed at
 * once, so the key never holds a session or a token. A client can vary its `Cookie` header (add a
 * cookie) and count as someone else: pass your own `clientKey` (the signed-in user's id) to close
 * that. Behind a proxy every address is the proxy's, so an address-only key would lump everyone
 * together: key on the session, or on the client address your proxy adds (`X-Forwarded-For`'s
 * last hop that your proxy wrote, never the first, which the client chooses).
 */
export async function defaultClientKey(request: Request): Promise<string> {
  const credential = request.headers.get('authorization') ?? request.headers.get('cookie')
  if (credential) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(credential)))
    return `sha256:${btoa(String.fromCharCode(...digest))}`
  }
  const peer = peers.get(request)
  return peer === undefined ? 'anonymous' : `address:${peer}`
}
