// Every entry of ibv-kit through require(), as a lender's Jest suite loads it with Jest's default
// configuration (CommonJS, node_modules not transformed, the Node environment): each gives its
// CommonJS build, with what it exports. Required at the top, as a test file does: requiring
// ibv-kit/testing loads Testing Library, which adds its cleanup hooks then.
const { describe, expect, it } = require('@jest/globals')
const kit = require('ibv-kit')
const core = require('ibv-kit/core')
const elements = require('ibv-kit/elements')
const en = require('ibv-kit/locales/en')
const es = require('ibv-kit/locales/es')
const frCA = require('ibv-kit/locales/fr-CA')
const server = require('ibv-kit/server')
const redis = require('ibv-kit/server/redis')
const sandbox = require('ibv-kit/sandbox')
const testing = require('ibv-kit/testing')

/** @type {(module: object) => string[]} the names of the functions a module exports */
const functionsOf = (module) =>
  Object.entries(module).flatMap(([name, value]) => (typeof value === 'function' ? [name] : []))

describe('require(…) of every entry', () => {
  it('ibv-kit: the components, the provider and the default fetchers', () => {
    // Components are functions or forwardRef objects: what matters is that each is exported.
    expect(Object.keys(kit)).toEqual(
      expect.arrayContaining([
        'IbvProvider',
        'EmbeddedReport',
        'ConnectButton',
        'ReportStatusBadge',
        'ReportView',
        'createBackendFetchers',
      ]),
    )
    expect(typeof kit.createBackendFetchers('/api/ibv').token).toBe('function')
  })

  it('ibv-kit/core: the status table, and the one error type', () => {
    expect(core.describeStatus('complete')).toMatchObject({ known: true, terminal: true })
    expect(new core.IbvError('network', 'offline').retryable).toBe(true)
  })

  it('ibv-kit/elements: loads on a server and defines nothing there', () => {
    expect(() => elements.defineIbvElements()).not.toThrow()
    expect(typeof globalThis.customElements).toBe('undefined')
  })

  it('ibv-kit/locales/*: each pack, named and as the default export', () => {
    expect([en.default.code, es.default.code, frCA.default.code]).toEqual(['en', 'es', 'fr-CA'])
    expect([en.en, es.es, frCA.frCA]).toEqual([en.default, es.default, frCA.default])
    for (const pack of [en.default, es.default, frCA.default])
      expect(() => core.checkLocale(pack)).not.toThrow()
  })

  it('ibv-kit/server, ibv-kit/server/redis and ibv-kit/sandbox', () => {
    expect(functionsOf(server)).toEqual(
      expect.arrayContaining([
        'createIbvClient',
        'createIbvBackend',
        'hmacVerifier',
        'prefetchReport',
      ]),
    )
    expect(functionsOf(redis)).toEqual(
      expect.arrayContaining(['createRedisWebhookStore', 'createRedisEventRelay']),
    )
    const service = sandbox.createSandbox()
    expect(service.apiKey).toBe('sandbox-api-key')
    service.close()
  })

  it('ibv-kit/testing: the environment, and the helpers of its optional peers', () => {
    expect(functionsOf(testing)).toEqual(
      expect.arrayContaining([
        'createIbvTestEnvironment',
        'renderWithIbv',
        'ibvHandlers',
        'completeConnect',
        'ibvState',
        'advanceSandboxClock',
      ]),
    )
  })
})
