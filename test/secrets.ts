// Secrets for tests, new each call: the library refuses weak ones, and a fixed one in a test
// would be a secret that code accepts, printed in the repository.

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** A secret as the guides say to make one (`openssl rand -base64 32`): 32 random bytes in base64. Web Crypto, so it runs in a browser test too. */
export function randomSecret(): string {
  return base64(crypto.getRandomValues(new Uint8Array(32)))
}

/** A Standard Webhooks secret as a provider issues one: `whsec_` then 24 random bytes in base64. */
export function randomWebhookSecret(): string {
  return `whsec_${base64(crypto.getRandomValues(new Uint8Array(24)))}`
}
