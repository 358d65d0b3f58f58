// Jest's jsdom environment with the Web platform that Node has and jsdom leaves out: fetch,
// Request, Response, Headers, streams, TextEncoder, Web Crypto and friends. ibv-kit/testing runs
// the sandbox and your backend inside the test, on Web-standard requests and responses (as MSW
// does too), so a jsdom test needs them. Name this file in a test's `@jest-environment` docblock,
// or as `testEnvironment` in your Jest configuration.
const { TestEnvironment } = require('jest-environment-jsdom')

/**
 * Node's own, handed to the test's window as they are (jsdom has none of these, or older ones).
 * Not FormData, Blob, File, AbortController or AbortSignal: jsdom has its own, and its DOM accepts
 * only those (`new FormData(form)`, `addEventListener(type, listener, { signal })`).
 */
const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'structuredClone',
  'BroadcastChannel',
  'crypto',
]

module.exports = class JsdomWithFetchEnvironment extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args)
    // Defined, not assigned: jsdom's `crypto` is a getter without a setter.
    for (const name of FROM_NODE)
      Object.defineProperty(this.global, name, {
        value: Reflect.get(globalThis, name),
        writable: true,
        configurable: true,
      })
  }
}
