// Both builds of ibv-kit in one Node process, as when an app imports `ibv-kit` (ES modules) while a
// test helper or a CommonJS library `require`s it: a provider from one copy must serve the
// components of the other. Run by scripts/jest-e2e.mjs in an app where the packed package is
// installed.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import * as esm from 'ibv-kit'

const require = createRequire(import.meta.url)
/** @type {typeof esm} */
const cjs = require('ibv-kit')
assert.notEqual(
  cjs.IbvProvider,
  esm.IbvProvider,
  'the CommonJS and the ES module copies are both loaded',
)

const fetchers = { token: () => Promise.reject(new Error('no token is fetched on the server')) }
/** @type {[typeof esm, typeof esm, string][]} */
const pairs = [
  [esm, cjs, 'ES module provider, CommonJS component'],
  [cjs, esm, 'CommonJS provider, ES module component'],
]
for (const [providerCopy, componentCopy, label] of pairs) {
  const page = createElement(
    providerCopy.IbvProvider,
    { fetchers, serviceUrl: 'https://ibv.example.com' },
    createElement(componentCopy.EmbeddedReport, { productRequestId: 'PR-1' }),
  )
  let html = ''
  assert.doesNotThrow(() => (html = renderToString(page)), label)
  assert.match(html, /class="ibv-embedded-report/, label)
}

console.log(
  'Dual package: the ES module and the CommonJS builds in one process share one provider, each way.',
)
