'use client'
import { en } from '../core/english.js'
import type { IbvLocaleMessages } from '../core/locale.js'

/**
 * The complete English catalogue, as a starting point for a translation: the messages of
 * `ibv-kit/locales/en`. Its own module, so a bundle that does not import it carries only the
 * texts of the components it uses.
 */
export const defaultMessages: IbvLocaleMessages = en.messages
