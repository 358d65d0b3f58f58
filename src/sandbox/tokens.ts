import type { SandboxClock } from './clock.js'
import { secretToken } from './random.js'

export type TokenKind = 'consumer' | 'embedded_report_token'

export interface TokenRecord {
  kind: TokenKind
  /** The consumer id (consumer tokens) or the product request id (embedded report tokens). */
  subject: string
  expiresAt: number
}

/** Why a token was not accepted, for the 401 pages. */
export type TokenProblem = 'unknown' | 'expired' | 'wrong_kind'

/** Issued tokens, in memory. A token is valid while the sandbox time is before its expiry. */
export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>()

  constructor(private readonly clock: SandboxClock) {}

  issue(kind: TokenKind, subject: string, seconds: number): string {
    const token = secretToken(kind === 'consumer' ? 'sbx_c_' : 'sbx_e_')
    this.tokens.set(token, { kind, subject, expiresAt: this.clock.now() + seconds * 1000 })
    return token
  }

  /** The token's record if it is of `kind` and unexpired, else why not. */
  check(token: string | undefined, kind: TokenKind): TokenRecord | TokenProblem {
    const record = token ? this.tokens.get(token) : undefined
    if (!record) return 'unknown'
    if (record.kind !== kind) return 'wrong_kind'
    if (this.clock.now() >= record.expiresAt) return 'expired'
    return record
  }

  /** Expires a token now; false when there is no such token. */
  expire(token: string): boolean {
    const record = this.tokens.get(token)
    if (!record) return false
    record.expiresAt = Math.min(record.expiresAt, this.clock.now())
    return true
  }

  /** Expires every token of `kind` for `subject` now; how many there were. */
  expireAll(kind: TokenKind, subject: string): number {
    let count = 0
    for (const record of this.tokens.values()) {
      if (record.kind !== kind || record.subject !== subject) continue
      record.expiresAt = Math.min(record.expiresAt, this.clock.now())
      count++
    }
    return count
  }

  clear(): void {
    this.tokens.clear()
  }
}
