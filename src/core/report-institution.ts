import { fieldsOf } from './record.js'

/**
 * The bank of a report: `provider_name` when every account that names one names the same; else
 * undefined (no name, or accounts at several banks, where "the bank" would be a guess).
 */
export function reportInstitution(report: unknown): string | undefined {
  const { accounts } = fieldsOf(report)
  const names = new Set(
    (Array.isArray(accounts) ? accounts : [])
      .map((account) => fieldsOf(account).provider_name)
      .filter((name): name is string => typeof name === 'string' && name.trim() !== ''),
  )
  return names.size === 1 ? [...names][0] : undefined
}
