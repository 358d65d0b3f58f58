import type { ReportApiVersion } from '../core/index.js'
import type { ReportResult } from './client.js'
import { wholeNumberOption } from './option-checks.js'

/** What a report cache holds for one read: the answer while it is shared, and its generation. */
export interface SharedReportRead {
  /** The answer another viewer's read left, while it is shared (`ttlMs`); else `undefined`. */
  answer: ReportResult | undefined
  /** Pass it back to `write`: an answer read before a webhook moved the generation on is not kept. */
  generation: string
}

/**
 * Where `createIbvBackend({ reportCache })` shares report answers between viewers for a few
 * seconds, and decides which instance reads upstream when several ask at once.
 * `createMemoryReportCache()` for one process, `createRedisReportCache` (`ibv-kit/server/redis`)
 * for several. Reports hold personal data: an answer is kept `ttlMs` (seconds) and never logged.
 * A method that throws or rejects never fails a request: the backend reads upstream instead.
 */
export interface ReportCache {
  /** The shared answer to this read, if any, and the generation to write under. */
  read(productRequestId: string, version: ReportApiVersion): Promise<SharedReportRead>
  /** Shares `answer` for `ttlMs`, unless a webhook moved the generation on since `read`. */
  write(
    productRequestId: string,
    version: ReportApiVersion,
    answer: ReportResult,
    generation: string,
  ): Promise<void>
  /**
   * Claims the upstream read for `holdMs`: a claim id for the one caller that should read, or
   * `undefined` while another holds it (that caller waits for its answer).
   */
  claim(
    productRequestId: string,
    version: ReportApiVersion,
    holdMs: number,
  ): Promise<string | undefined>
  /** Gives a claim back (the read ended, answered or failed). */
  release(productRequestId: string, version: ReportApiVersion, claim: string): Promise<void>
  /** Drops every answer kept for this product request and moves its generation on (a webhook came). */
  forget(productRequestId: string): Promise<void>
}

/** What every report cache takes: how long an answer is shared. */
export interface ReportCacheOptions {
  /**
   * How long an answer is shared, in milliseconds: viewers asking within this time after one read
   * get that read's answer. Reports hold personal data, so at most 60000. @default 2000
   */
  ttlMs?: number
}

/** Options of `createMemoryReportCache`. */
export interface MemoryReportCacheOptions extends ReportCacheOptions {
  /** Answers kept at most; the oldest goes first. @default 1000 */
  maxEntries?: number
}

/** The longest `ttlMs` accepted: a report answer is personal data, shared for seconds, not minutes. */
export const MAX_REPORT_TTL_MS = 60_000

/** `ttlMs` checked as a whole number from 1 to `MAX_REPORT_TTL_MS`. */
export function reportTtlOption(owner: string, ttlMs: unknown): number {
  const value = wholeNumberOption(owner, 'ttlMs', ttlMs, 2000)
  if (value > MAX_REPORT_TTL_MS)
    throw new RangeError(
      `${owner}: ttlMs must be at most ${MAX_REPORT_TTL_MS} (report answers hold personal data), not ${value}.`,
    )
  return value
}

/**
 * The report cache of one process: answers in a `Map`, kept `ttlMs` and dropped on expiry, the
 * oldest first once `maxEntries` are kept.
 *
 * @example
 * const backend = createIbvBackend({ client, authorize, reportCache: createMemoryReportCache({ ttlMs: 2000 }) })
 */
export function createMemoryReportCache(options: MemoryReportCacheOptions = {}): ReportCache {
  const ttlMs = reportTtlOption('createMemoryReportCache', options.ttlMs)
  const maxEntries = wholeNumberOption(
    'createMemoryReportCache',
    'maxEntries',
    options.maxEntries,
    1000,
  )
  const answers = new Map<string, { answer: ReportResult; until: number }>()
  // A generation is the number of the last `forget` of that id; ids forgotten long ago are dropped
  // and read as `floor`, which only grows: a write whose read saw an older number is not kept.
  const generations = new Map<string, number>()
  let forgets = 0
  let floor = 0
  const generationOf = (id: string) => String(generations.get(id) ?? floor)
  const claims = new Map<string, { claim: string; until: number }>()
  const key = (id: string, version: ReportApiVersion) => `${version}:${id}`
  let claimsMade = 0

  return {
    async read(productRequestId, version) {
      const entry = answers.get(key(productRequestId, version))
      const generation = generationOf(productRequestId)
      if (!entry || Date.now() >= entry.until) {
        answers.delete(key(productRequestId, version))
        return { answer: undefined, generation }
      }
      return { answer: structuredClone(entry.answer), generation }
    },
    async write(productRequestId, version, answer, generation) {
      if (generationOf(productRequestId) !== generation) return
      const at = key(productRequestId, version)
      answers.delete(at)
      while (answers.size >= maxEntries) {
        const oldest = answers.keys().next()
        if (oldest.done) break
        answers.delete(oldest.value)
      }
      answers.set(at, { answer: structuredClone(answer), until: Date.now() + ttlMs })
    },
    async claim(productRequestId, version, holdMs) {
      const at = key(productRequestId, version)
      const held = claims.get(at)
      if (held && Date.now() < held.until) return undefined
      const claim = String(++claimsMade)
      claims.set(at, { claim, until: Date.now() + holdMs })
      return claim
    },
    async release(productRequestId, version, claim) {
      const at = key(productRequestId, version)
      if (claims.get(at)?.claim === claim) claims.delete(at)
    },
    async forget(productRequestId) {
      answers.delete(key(productRequestId, 'v1'))
      answers.delete(key(productRequestId, 'v2'))
      generations.delete(productRequestId)
      while (generations.size >= maxEntries) {
        const [oldest, number] = generations.entries().next().value ?? []
        if (oldest === undefined || number === undefined) break
        generations.delete(oldest)
        floor = Math.max(floor, number)
      }
      generations.set(productRequestId, ++forgets)
    },
  }
}
