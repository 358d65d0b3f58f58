// The spec shows no webhook signing. What we recommend instead: a secret the service sends with
// every delivery, checked in constant time: in a header (ask the provider's customer success
// team to add it) or as HTTP basic auth in the registered URL.

/** A `verify` hook that accepts a delivery only when header `name` equals `secret`. */
export function headerSecretVerifier(name: string, secret: string): (request: Request) => boolean {
  if (!secret) throw new TypeError('headerSecretVerifier: secret must not be empty.')
  return (request) => constantTimeEqual(request.headers.get(name) ?? '', secret)
}

/** A `verify` hook that accepts a delivery only with these basic-auth credentials. */
export function basicAuthVerifier(username: string, password: string): (request: Request) => boolean {
  if (!password) throw new TypeError('basicAuthVerifier: password must not be empty.')
  const expected = `Basic ${btoa(`${username}:${password}`)}`
  return (request) => constantTimeEqual(request.headers.get('authorization') ?? '', expected)
}

/** Compares two strings in time that depends only on their lengths. */
export function constantTimeEqual(actual: string, expected: string): boolean {
  const a = new TextEncoder().encode(actual)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  return difference === 0
}
