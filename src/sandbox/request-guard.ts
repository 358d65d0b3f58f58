import { hostnameOfHeader, inHostList, isIpLiteral, isLoopbackForBrowsers } from './hosts.js'

/** Which browsers' requests the sandbox answers when it is served over HTTP. */
export interface GuardRules {
  /** Host names answered besides loopback ones and IP literals (see `inHostList`). */
  allowedHosts: readonly string[]
  /** False when a server in front already checks `Host` (Vite's `server.allowedHosts`). */
  checkHost: boolean
}

/**
 * Why a request must be refused with a 403, or undefined to let it through.
 *
 * The `Host` check stops DNS rebinding: a page on `attacker.example` whose name now resolves to
 * 127.0.0.1 is same-origin with the sandbox, but its requests still say `Host: attacker.example`.
 * IP literals pass, as in Vite: rebinding needs a name, and a page served from an IP address is
 * on that address. The `Origin` check refuses requests other sites' pages make; a missing Origin
 * (a server, curl) and `null` pass: the sandbox's own form posts send `null`, because its pages
 * have `Referrer-Policy: no-referrer`.
 */
export function refusal(
  headers: { host?: string; origin?: string },
  rules: GuardRules,
): string | undefined {
  const { host, origin } = headers
  if (rules.checkHost && host !== undefined) {
    const hostname = hostnameOfHeader(host)
    const allowed =
      hostname !== undefined &&
      (isIpLiteral(hostname) ||
        isLoopbackForBrowsers(hostname) ||
        inHostList(hostname, rules.allowedHosts))
    if (!allowed) {
      return `Blocked request: the host ${JSON.stringify((hostname ?? host).slice(0, 253))} is not allowed. Serve the sandbox on localhost, or allow the host with ibv-sandbox --allowed-host (option allowedHosts).`
    }
  }
  if (
    origin !== undefined &&
    origin !== 'null' &&
    !originAllowed(origin, host, rules.allowedHosts)
  ) {
    return `Blocked request: pages on ${JSON.stringify(origin.slice(0, 300))} may not call the sandbox. Only its own origin, loopback origins and allowed hosts may.`
  }
  return undefined
}

function originAllowed(
  origin: string,
  host: string | undefined,
  allowedHosts: readonly string[],
): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return false
  if (isLoopbackForBrowsers(url.hostname) || inHostList(url.hostname, allowedHosts)) return true
  // Its own origin, whatever name it was reached by (an IP literal, a proxy's name).
  if (host === undefined || hostnameOfHeader(host) === undefined) return false
  return new URL(`${url.protocol}//${host}`).host === url.host
}
