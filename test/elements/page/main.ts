// A page with no React, as a lender's plain HTML page: the theme and the elements, nothing else.
import 'ibv-kit/styles.css'
import { configureIbv, defineIbvElements } from 'ibv-kit/elements'

// `?locale=es`: the page in Spanish, as a lender's page configures it.
const spanish = new URLSearchParams(location.search).get('locale') === 'es'
configureIbv({
  serviceUrl: `${location.origin}/ibv-sandbox`,
  locale: spanish ? (await import('../../../src/locales/es.ts')).es : undefined,
})
defineIbvElements()
document.documentElement.dataset.ready = ''
