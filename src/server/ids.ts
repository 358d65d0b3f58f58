/** What an id in a path or a body may be: the service API's ids (`IBV…`) and a lender's own (`LND-42`). */
const ID = /^[A-Za-z0-9_-]{1,256}$/

/**
 * Why `value` is not an id the backend takes, or undefined when it is one: a string of 1 to 256
 * letters, digits, `_` or `-`. Checked before `authorize` is asked, so a lender's check never
 * sees `/`, `..`, `%` or a control character.
 */
export function idProblem(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return `${name} is required`
  return ID.test(value) ? undefined : `${name} must be 1 to 256 letters, digits, _ or -`
}
