'use client'
// The connect widget's postMessage protocol, decoded from untyped data into a tagged union.

export interface ConnectInstitution {
  id?: string
  name: string
}

export interface ConnectExitError {
  code: string
  message: string
}

export type WidgetMessage =
  | { type: 'ready' }
  | { type: 'event'; name: string; metadata: Record<string, unknown> }
  | { type: 'success'; productRequestId: string; institution: ConnectInstitution }
  | { type: 'exit'; error: ConnectExitError | null; metadata: Record<string, unknown> }

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** The message, or undefined when `data` is not one of the widget's messages. */
export function decodeWidgetMessage(data: unknown): WidgetMessage | undefined {
  if (!record(data)) return undefined
  const metadata = record(data.metadata) ? data.metadata : {}
  switch (data.type) {
    case 'ibv:ready':
      return { type: 'ready' }
    case 'ibv:event':
      return text(data.name) ? { type: 'event', name: data.name, metadata } : undefined
    case 'ibv:success': {
      const institution = data.institution
      if (!text(data.product_request_id) || !record(institution) || !text(institution.name)) return undefined
      return {
        type: 'success',
        productRequestId: data.product_request_id,
        institution: text(institution.id) ? { id: institution.id, name: institution.name } : { name: institution.name },
      }
    }
    case 'ibv:exit': {
      const error = data.error
      if (error === null || error === undefined) return { type: 'exit', error: null, metadata }
      if (!record(error) || !text(error.code)) return undefined
      return { type: 'exit', error: { code: error.code, message: typeof error.message === 'string' ? error.message : '' }, metadata }
    }
    default:
      return undefined
  }
}
