import { describe, expectTypeOf, it } from 'vitest'
import type { IbvElementState, IbvError } from '../../src/elements/index.js'

// `addEventListener('ibv-…')` is typed on an element and on the document the events bubble to.
describe('the elements\' DOM events', () => {
  it('have typed details', () => {
    const prompt = document.createElement('ibv-reconnect-prompt')
    prompt.addEventListener('ibv-error', (event) => {
      expectTypeOf(event.detail.error).toEqualTypeOf<IbvError>()
    })
    document.addEventListener('ibv-state-change', (event) => {
      expectTypeOf(event.detail.state).toEqualTypeOf<IbvElementState>()
    })
  })
})
