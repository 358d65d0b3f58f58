// A page with no React, as a lender's plain HTML page: the theme and the elements, nothing else.
import 'ibv-kit/styles.css'
import { configureIbv, defineIbvElements } from 'ibv-kit/elements'

configureIbv({ serviceUrl: `${location.origin}/ibv-sandbox` })
defineIbvElements()
document.documentElement.dataset.ready = ''
