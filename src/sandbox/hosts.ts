// Host-name rules shared by the HTTP guard (which Hosts and Origins may talk to the sandbox) and
// the webhook allow-list (where it may POST). Platform-free: the sandbox core also runs in browsers.

/** A URL's `hostname` as compared here: lower case, without a trailing dot (`localhost.`). */
function normalize(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '')
}

/** 127.0.0.0/8, `::1` and IPv4-mapped 127.x, in the forms `URL` normalizes them to. */
export function isLoopbackAddress(hostname: string): boolean {
  const host = normalize(hostname)
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
}

/**
 * Whether a browser reaches `hostname` on this machine whatever DNS says: loopback addresses,
 * `localhost`, and `*.localhost`, which browsers resolve themselves (RFC 6761).
 */
export function isLoopbackForBrowsers(hostname: string): boolean {
  const host = normalize(hostname)
  return isLoopbackAddress(host) || host === 'localhost' || host.endsWith('.localhost')
}

/** An IPv4 literal or a bracketed IPv6 literal (after `URL` normalization). */
export function isIpLiteral(hostname: string): boolean {
  return (
    /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || /^\[[0-9a-f:.]+\]$/i.test(hostname)
  )
}

/**
 * Whether `hostname` is in `list`: an entry is a host name or IP literal (IPv6 with or without
 * brackets), a leading dot (`.example.com`) also allows every subdomain (as Vite's
 * `server.allowedHosts` does), and `'*'` allows any host.
 */
export function inHostList(hostname: string, list: readonly string[]): boolean {
  const host = normalize(hostname)
  return list.some((raw) => {
    const entry = normalizeEntry(raw)
    if (entry === '*') return true
    if (entry.startsWith('.')) return host === entry.slice(1) || host.endsWith(entry)
    return host === entry
  })
}

/** An entry in the form `URL` gives host names, so `::1`, `[::1]` and `0x7f.1` compare right. */
function normalizeEntry(raw: string): string {
  const entry = raw.trim().toLowerCase()
  if (entry === '*' || entry.startsWith('.')) return normalize(entry)
  const bracketed = entry.includes(':') && !entry.startsWith('[') ? `[${entry}]` : entry
  try {
    return normalize(new URL(`http://${bracketed}`).hostname)
  } catch {
    return normalize(entry)
  }
}

/**
 * The host name of a `Host` header, or undefined when it is not a plain `name[:port]` or
 * `[v6][:port]` (browsers never send anything else; userinfo or paths could fool a URL parser).
 */
export function hostnameOfHeader(host: string): string | undefined {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:\d{1,5})?$/i.test(host)) return undefined
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

/** The host name of an absolute http(s) URL, or undefined. */
export function hostnameOfUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : undefined
  } catch {
    return undefined
  }
}

/**
 * Where webhooks may go: loopback (`localhost`, 127.0.0.0/8, `[::1]`) plus `extra`. Not
 * `*.localhost`: Node asks DNS for those names, and DNS is what an attacker may control.
 */
export function isAllowedWebhookUrl(url: string, extra: readonly string[]): boolean {
  const hostname = hostnameOfUrl(url)
  if (hostname === undefined) return false
  return (
    isLoopbackAddress(hostname) ||
    normalize(hostname) === 'localhost' ||
    inHostList(hostname, extra)
  )
}

/** The 400 text when a webhook URL is not allowed: says how to allow it. */
export const WEBHOOK_HOST_HINT =
  'the webhook URL must be loopback (localhost, 127.0.0.1, [::1]) unless its host is allowed: option webhookHosts, or ibv-sandbox --webhook-host'

/**
 * Whether a webhook URL may be delivered to: loopback, or `hosts` (the sandbox's `webhookHosts`:
 * a list, or a rule of the URL's hostname).
 */
export function webhookRule(
  hosts: readonly string[] | ((hostname: string) => boolean),
): (url: string) => boolean {
  if (typeof hosts !== 'function') return (url) => isAllowedWebhookUrl(url, hosts)
  return (url) => {
    const hostname = hostnameOfUrl(url)
    if (hostname === undefined) return false
    try {
      return isAllowedWebhookUrl(url, []) || hosts(hostname) === true
    } catch {
      return false // a rule that throws allows nothing, rather than failing a delivery mid-flight
    }
  }
}
