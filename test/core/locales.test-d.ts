import { describe, expectTypeOf, it } from 'vitest'
import type { IbvLocale } from 'ibv-kit/core'
import type { IbvMessages } from 'ibv-kit'
import { en } from 'ibv-kit/locales/en'
import { es } from 'ibv-kit/locales/es'
import { frCA } from 'ibv-kit/locales/fr-CA'

// A lender writes a locale against the type: whatever it lacks is a compile error.
describe('IbvLocale', () => {
  it('types every pack', () => {
    expectTypeOf(en).toEqualTypeOf<IbvLocale>()
    expectTypeOf(es).toEqualTypeOf<IbvLocale>()
    expectTypeOf(frCA).toEqualTypeOf<IbvLocale>()
  })

  it('refuses a locale missing a text', () => {
    const { reportTitle, ...rest } = es.messages
    // @ts-expect-error reportTitle is missing
    const missing: IbvLocale = { ...es, messages: rest }
    const complete: IbvLocale = { ...es, messages: { ...rest, reportTitle } }
    expectTypeOf(missing).toEqualTypeOf(complete)
  })

  it('refuses a status map missing a status', () => {
    const { complete, ...labels } = es.messages.statusLabels
    // @ts-expect-error statusLabels.complete is missing
    const missing: IbvLocale = { ...es, messages: { ...es.messages, statusLabels: labels } }
    const whole: IbvLocale = {
      ...es,
      messages: { ...es.messages, statusLabels: { ...labels, complete } },
    }
    expectTypeOf(missing).toEqualTypeOf(whole)
  })

  it('refuses a reason missing from a reconnect map, and a text that is not a string', () => {
    const { refresh_not_ready, ...titles } = es.messages.reconnectTitle
    // @ts-expect-error reconnectTitle.refresh_not_ready is missing
    const missing: IbvLocale = { ...es, messages: { ...es.messages, reconnectTitle: titles } }
    // @ts-expect-error a text is a string
    const number: IbvLocale = { ...es, messages: { ...es.messages, close: 3 } }
    expectTypeOf(refresh_not_ready).toEqualTypeOf<string>()
    expectTypeOf(missing).toEqualTypeOf(number)
  })

  it('refuses a locale without formats', () => {
    const { formats, ...rest } = es
    // @ts-expect-error formats is missing
    const missing: IbvLocale = rest
    expectTypeOf(formats.intl).toEqualTypeOf<string>()
    expectTypeOf(missing).toEqualTypeOf<IbvLocale>()
  })

  it('lets the data dictionary label only the names it knows, and the maps by status add others', () => {
    const open: IbvLocale = {
      ...es,
      messages: {
        ...es.messages,
        featureLabels: {},
        itemNames: {},
        accountTypes: { loan: 'Préstamo' },
        statusLabels: { ...es.messages.statusLabels, archived: 'Archivado' },
      },
    }
    expectTypeOf(open.messages).toExtend<IbvMessages>()
  })
})
