import type { IbvAccount, IbvItem, IbvReport } from '../core/index.js'
import { between, hashSeed, pick, seededRandom } from './random.js'

/**
 * The institutions the sandbox widget offers, the four test institutions first (their ids are
 * kept), then a bank that signs in on its own site (`oauth`: a consent page in a popup, or the
 * whole page sent there). Fictional, so nobody mistakes sandbox data for real.
 */
export const INSTITUTIONS = [
  { id: 'platypus', name: 'Platypus Bank' },
  { id: 'wombat', name: 'First Wombat Credit Union' },
  { id: 'quokka', name: 'Quokka Savings & Loan' },
  { id: 'harbour', name: 'Harbour National Bank' },
  { id: 'wombat_oauth', name: 'Wombat Bank (OAuth)', oauth: true },
  { id: 'bilby', name: 'Bilby Bank & Trust' },
  { id: 'cassowary', name: 'Cassowary Capital Bank' },
  { id: 'dingo', name: 'Dingo Digital Bank' },
  { id: 'echidna', name: 'Echidna Trust Company' },
  { id: 'emu', name: 'Emu Valley Bank' },
  { id: 'galah', name: 'Galah Credit Union' },
  { id: 'kestrel', name: 'Kestrel Federal Savings' },
  { id: 'koala', name: 'Koala Cooperative Bank' },
  { id: 'kookaburra', name: 'Kookaburra Community Bank' },
  { id: 'lyrebird', name: 'Lyrebird Savings Bank' },
  { id: 'numbat', name: 'Numbat Mutual' },
  { id: 'pelican', name: 'Pelican Bay Credit Union' },
  { id: 'quoll', name: 'Quoll Street Bank' },
  { id: 'tern', name: 'Tern Island Savings' },
  { id: 'wallaby', name: 'Wallaby Federal Bank' },
  { id: 'wattle', name: 'Wattle Grove Bank' },
] as const

/** Whether the bank signs in on its own site (OAuth) rather than with a password in the widget. */
export function isOAuthBank(bank: (typeof INSTITUTIONS)[number]): boolean {
  return 'oauth' in bank && bank.oauth
}

export interface ReportShape {
  /** How many accounts; seeded between 1 and 3 when not given. */
  accounts?: number
  /** How many `ne_income_feature_<n>` features per item. @default 12 */
  features?: number
}

export interface ReportFacts {
  productRequestId: string
  clientId: string
  consumerId: string
  institution: string
  createdAt: number
  status: string
  shape: ReportShape
}

const OWNERS = [
  'Ada Okafor',
  'Mateo Rossi',
  'Priya Raman',
  'Lena Fischer',
  'Samuel Mensah',
  'Yuki Tanaka',
] as const
const KINDS = [
  { type: 'checking', name: 'Everyday Checking' },
  { type: 'savings', name: 'High-Yield Savings' },
  { type: 'credit_card', name: 'Rewards Credit Card' },
  { type: 'money_market', name: 'Money Market' },
] as const

/**
 * The report of a product request. Everything random is seeded by the product request id, so the
 * same id gives the same accounts, balances and features in every sandbox.
 */
export function buildReport(facts: ReportFacts): IbvReport {
  const random = seededRandom(hashSeed(facts.productRequestId))
  const owner = pick(random, OWNERS)
  const count = facts.shape.accounts ?? between(random, 1, 3)
  const accounts: IbvAccount[] = []
  for (let index = 0; index < count; index++) {
    const kind = KINDS[index % KINDS.length] ?? KINDS[0]
    const cents = between(random, 5_000, 2_500_000) * (kind.type === 'credit_card' ? -1 : 1)
    accounts.push({
      provider_name: facts.institution,
      account_name: count > KINDS.length ? `${kind.name} ${index + 1}` : kind.name,
      account_type: kind.type,
      routing_number: routingNumber(random),
      account_number: String(between(random, 1_000_000_000, 9_999_999_999)),
      owner_name: owner,
      balance: cents / 100,
      items: [metricsItem(random, facts.shape.features ?? 12)],
    })
  }
  return {
    product_request_id: facts.productRequestId,
    client_id: facts.clientId,
    consumer_id: facts.consumerId,
    reference_date: new Date(facts.createdAt).toISOString().slice(0, 10),
    created_at: new Date(facts.createdAt).toISOString().slice(0, 19).replace('T', ' '),
    ibv_report_status: facts.status,
    accounts,
  }
}

function metricsItem(random: () => number, features: number): IbvItem {
  const data: Record<string, unknown> = {
    average_monthly_income: between(random, 180_000, 1_200_000) / 100,
    income_stability_score: Math.round(random() * 1000) / 1000,
    nsf_count_90d: between(random, 0, 4),
    primary_income_source: pick(random, ['payroll', 'gig', 'benefits', 'self_employed']),
  }
  for (let index = 1; index <= features; index++)
    data[`ne_income_feature_${index}`] = Math.round(random() * 100_000) / 100
  return {
    item_code: 'ibv_validate_metrics',
    item_name: 'IBV validate metrics',
    item_version: '2.3.1',
    data,
  }
}

/** A nine-digit ABA routing number with a valid check digit. */
function routingNumber(random: () => number): string {
  const digits = Array.from({ length: 8 }, () => between(random, 0, 9))
  const weights = [3, 7, 1, 3, 7, 1, 3, 7]
  const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0)
  return [...digits, (10 - (sum % 10)) % 10].join('')
}
