/**
 * The fields of a value that arrived as JSON or from the app: the value itself when it is an
 * object, else no fields. Lets a reader ask `fieldsOf(body).status` of anything, null included.
 */
export function fieldsOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}
