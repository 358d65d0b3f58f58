import { describe, expectTypeOf, it } from 'vitest'
import type {
  ConnectExitError,
  ConnectSuccess,
  IbvElementState,
  IbvError,
} from '../../src/elements/index.js'

// `addEventListener('ibv-…')` is typed on an element and on the document the events bubble to.
describe("the elements' DOM events", () => {
  it('have typed details', () => {
    const prompt = document.createElement('ibv-reconnect-prompt')
    prompt.addEventListener('ibv-error', (event) => {
      expectTypeOf(event.detail.error).toEqualTypeOf<IbvError>()
    })
    document.addEventListener('ibv-state-change', (event) => {
      expectTypeOf(event.detail.state).toEqualTypeOf<IbvElementState>()
    })
    const button = document.createElement('ibv-connect-button')
    button.addEventListener('ibv-success', (event) => {
      expectTypeOf(event.detail).toEqualTypeOf<ConnectSuccess>()
      expectTypeOf(event.detail.productRequestId).toEqualTypeOf<string>()
    })
    document.addEventListener('ibv-exit', (event) => {
      expectTypeOf(event.detail.error).toEqualTypeOf<ConnectExitError | null>()
      expectTypeOf(event.detail.metadata.productRequestId).toEqualTypeOf<string | undefined>()
    })
    button.addEventListener('ibv-event', (event) => {
      expectTypeOf(event.detail.name).toEqualTypeOf<string>()
    })
  })
})
