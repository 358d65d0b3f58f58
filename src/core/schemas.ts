import * as z from 'zod/mini'
import { IbvError, type IbvErrorCode } from './errors.js'
import { expiresInSeconds, type TokenResponse } from './token-lifetime.js'

// Objects are loose: fields the service API marks "not shown" (custom account fields, item data) and
// fields the service adds later are kept, not stripped.

const text = z.string()
const nonEmpty = z.string().check(z.minLength(1))

/**
 * The body of a successful token answer (operations 1 and 2): the wire type of a token. `expires_in`
 * may be a numeric string; it is checked as `parseTokenResponse` checks it (`expiresInSeconds`).
 */
export const tokenResponseSchema: z.ZodMiniType<TokenResponse> = z.looseObject({
  access_token: nonEmpty,
  expires_in: z.union([z.number(), z.string()]).check(
    z.refine((value) => expiresInSeconds(value) !== undefined, {
      message: 'must be a positive number of seconds, up to a year',
    }),
  ),
})

/** The body of a failed token answer: `message` (401 of op 1, 400), `error` (401 of op 2), `fields` (400). */
export const tokenErrorSchema = z.looseObject({
  message: z.optional(text),
  error: z.optional(text),
  fields: z.optional(z.record(z.string(), z.array(text))),
})

/** One item of an account, such as `ibv_validate_metrics`; `data` holds the features. */
export const ibvItemSchema = z.looseObject({
  item_code: text,
  item_name: text,
  item_version: text,
  data: z.record(z.string(), z.unknown()),
})

/** One connected account. `routing_number`, `account_number` and `owner_name` are personal data. */
export const ibvAccountSchema = z.looseObject({
  provider_name: text,
  account_name: text,
  account_type: text,
  routing_number: text,
  account_number: text,
  owner_name: text,
  balance: z.number(),
  items: z.array(ibvItemSchema),
})

/** The IBV report (HTTP 200 of operation 4). */
export const ibvReportSchema = z.looseObject({
  product_request_id: nonEmpty,
  client_id: text,
  consumer_id: text,
  reference_date: text,
  created_at: text,
  ibv_report_status: text,
  accounts: z.array(ibvAccountSchema),
})

/** The pending report answer (HTTP 202 of operation 4). */
export const pendingReportSchema = z.looseObject({
  product_request_id: nonEmpty,
  ibv_report: z.optional(text),
  ibv_report_status: text,
  message: z.optional(text),
  ibv_connection_link: z.optional(text),
})

/** Any answer of the refresh operation; every field is optional because error bodies differ. */
export const refreshResponseSchema = z.looseObject({
  ibv_report: z.optional(text),
  product_request_id: z.optional(text),
  ibv_report_status: z.optional(text),
  ibv_connection_link: z.optional(text),
  message: z.optional(text),
  status: z.optional(text),
})

/** The webhook payload of `report_generated` and `report_generation_failed`. */
export const webhookPayloadSchema = z.looseObject({
  consumer_id: text,
  product_request_id: nonEmpty,
  ibv_report: text,
  ibv_report_status: text,
  event: text,
})

export type { TokenResponse } from './token-lifetime.js'
export type TokenErrorBody = z.infer<typeof tokenErrorSchema>
export type IbvItem = z.infer<typeof ibvItemSchema>
export type IbvAccount = z.infer<typeof ibvAccountSchema>
export type IbvReport = z.infer<typeof ibvReportSchema>
export type PendingReport = z.infer<typeof pendingReportSchema>
export type RefreshResponse = z.infer<typeof refreshResponseSchema>
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>

/**
 * Validates `value` against one of the schemas above, or throws an `IbvError` with `code` whose
 * `fields` say, per dotted path, what is wrong.
 *
 * @example
 * const report = parseWith(ibvReportSchema, await response.json(), 'malformed_response')
 */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
  code: IbvErrorCode,
  what = 'body',
): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '(root)'
    ;(fields[path] ??= []).push(issue.message)
  }
  const [first] = Object.entries(fields)
  const detail = first ? ` (${first[0]}: ${first[1].join('; ')})` : ''
  throw new IbvError(code, `The ${what} does not match the service API${detail}.`, { fields })
}
