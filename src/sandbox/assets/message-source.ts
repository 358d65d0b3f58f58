// The page scripts are strings sent to a browser, where no type reaches. What they post and read
// is written here from core's definitions, so a message or an attribute renamed there is renamed
// in the scripts too: the frame protocol's message types and their fields
// (src/core/frame-protocol.ts), and the `data-*` names of the pages' bodies
// (src/core/hosted-page-data.ts).
import {
  FRAME_MESSAGES,
  type EmbedderMessage,
  type ReportPageMessage,
  type WidgetPageMessage,
} from '../../core/frame-protocol.js'
import { HOSTED_PAGE_DATA } from '../../core/hosted-page-data.js'

type Message = WidgetPageMessage | ReportPageMessage | EmbedderMessage
type Fields<T extends Message['type']> = Exclude<keyof Extract<Message, { type: T }>, 'type'>

/** A name (a message type, an attribute) as a JavaScript string literal in single quotes, as the scripts write theirs. */
export function quoted(name: string): string {
  // Names only: nothing that would need escaping inside the quotes.
  if (!/^[\w:.-]+$/.test(name)) throw new TypeError(`Not a plain name: ${name}`)
  return `'${name}'`
}

/** A message type as a JavaScript string literal: `'ibv:ready'`. */
export const typeOf = (name: keyof typeof FRAME_MESSAGES) => quoted(FRAME_MESSAGES[name])

/**
 * A JavaScript object literal of the message `name`, each field's value a JavaScript expression:
 * `message('resize', { height: 'h' })` is `{type:'ibv:resize',height:h}`. Field names are the
 * protocol's (a field it does not have fails to compile).
 */
export function message<N extends keyof typeof FRAME_MESSAGES>(
  name: N,
  fields: { [K in Fields<(typeof FRAME_MESSAGES)[N]>]?: string } = {},
): string {
  const values = Object.entries(fields as Record<string, string>).map(
    ([field, value]) => `,${field}:${value}`,
  )
  return `{type:${typeOf(name)}${values.join('')}}`
}

/** A field of a message, as a script reads it from one it received: `m.error`. */
export const field = <T extends Message['type']>(object: string, _type: T, name: Fields<T>) =>
  `${object}.${String(name)}`

/** A body `data-*` attribute as its script reads it, from `document.body.dataset`: `data.ibvExpired`. */
export const dataset = (name: keyof typeof HOSTED_PAGE_DATA) =>
  `data.${HOSTED_PAGE_DATA[name].replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}`
