// Visual regression of every story (the Storybook test project only): after a story's play
// function passed, the story is left to settle and its canvas is compared with the baseline in
// stories/__screenshots__/ (tolerance and paths: `visualExpect` in vitest.config.ts).
//
// What a story shows is the same on every run: each story starts from an empty sandbox whose ids
// restart from one seed and whose clock restarts at one instant (POST /api/ibv/fixtures/reset),
// `Math.random` (the fixtures' consumer ids) is seeded by the story's name, and all text is set in
// Inter from @fontsource/inter, so no installed system font changes a pixel.
//
// "All text" means every element of the story's document and of its same-origin frames, whatever
// family the page asks for: `var(--ibv-font)`, the UA's `monospace` for <code>, a story's inline
// `fontFamily: 'monospace'`, `ui-monospace, ..., monospace` in the styles, serif. A generic family
// is whatever fontconfig picks on the machine (installing Firefox or WebKitGTK from Debian brings
// Noto Mono, Droid Sans Fallback and the URW fonts, and made monospace lines 3 px taller), so one
// `font-family: Inter !important` rule for `*` replaces them all, rather than a second bundled face
// for monospace. Monospace text is then drawn in Inter in the screenshots only; Storybook itself
// and the published styles keep their fonts. The bundled faces are Inter's latin subset: a story
// must show no character outside it (an arrow, say), which a system font would draw.
import { afterEach, beforeEach, expect, type TestContext } from 'vitest'
import { page } from 'vitest/browser'
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url'
import inter500 from '@fontsource/inter/files/inter-latin-500-normal.woff2?url'
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url'
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url'
import { configureStorySandbox } from '../../.storybook/sandbox.ts'
import { createStoryClock } from './clock.ts'

// The sandbox of the stories (in the page, as in Storybook): one seed and a clock that each story
// rewinds (POST /api/ibv/fixtures/reset, below), so ids and times repeat on every run; and a fixed
// address in the links it writes (a reconnect link shown in a story), since the test server's port
// is the first free one and a screenshot must not change with it.
const storyClock = createStoryClock()
configureStorySandbox({
  seed: 13,
  clock: storyClock,
  serviceUrl: 'http://127.0.0.1:6006/ibv-sandbox',
  onReset: () => storyClock.rewind(),
})

/** Story parameters this file reads: `parameters: { visual: { disable: true } }` skips a story. */
export interface VisualParameters {
  disable?: boolean
  /** `page`: the whole viewport, for a story whose end state is a modal dialog (top layer). */
  target?: 'canvas' | 'page'
}

/**
 * The story's frame while it is screenshot: a typical form width, not 1200 px. Vitest's runner
 * page is 1280 x 720 and scales down (so blurs) a taller frame, and nothing outside the frame is
 * painted: a taller story is screenshot down to 720 px, its top, which shows its layout.
 */
export const VISUAL_VIEWPORT = { width: 720, height: 720 }

const FAMILY = 'IBV Visual Inter'
const faces = [
  [400, inter400],
  [500, inter500],
  [600, inter600],
  [700, inter700],
] as const
let fontData: Promise<Array<readonly [number, ArrayBuffer]>> | undefined
const loadFontData = () =>
  (fontData ??= Promise.all(
    faces.map(async ([weight, url]) => [weight, await (await fetch(url)).arrayBuffer()] as const),
  ))

/**
 * Inter for every element of `doc`, through the CSSOM: the sandbox's pages forbid inline `<style>`
 * and foreign fonts by CSP, which does not cover constructed style sheets and `FontFace` from bytes.
 * An author `!important` rule wins over every normal declaration (the styles' `font-family`, inline
 * `style`, `font` shorthands) and over the UA's `monospace` for <code>, <pre>, <kbd> and <samp>.
 */
async function addFonts(doc: Document) {
  const view = doc.defaultView as (Window & typeof globalThis) | null
  if (!view || (doc as { ibvVisualFonts?: boolean }).ibvVisualFonts) return
  ;(doc as { ibvVisualFonts?: boolean }).ibvVisualFonts = true
  for (const [weight, data] of await loadFontData()) {
    const face = new view.FontFace(FAMILY, data.slice(0), {
      weight: String(weight),
      style: 'normal',
    })
    doc.fonts.add(await face.load())
  }
  const sheet = new view.CSSStyleSheet()
  sheet.replaceSync(`*, *::before, *::after { font-family: "${FAMILY}", sans-serif !important; }`)
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
}

/** mulberry32: the same story gets the same "random" consumer ids on every run. */
function seeded(text: string): () => number {
  let state = 2166136261
  for (let index = 0; index < text.length; index++)
    state = Math.imul(state ^ text.charCodeAt(index), 16777619)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const realRandom = Math.random
const storyName = (context: TestContext) => `${context.task.file.name}::${context.task.name}`

beforeEach(async (context) => {
  await addFonts(document)
  Math.random = seeded(storyName(context))
  const response = await fetch('/api/ibv/fixtures/reset', { method: 'POST' })
  if (response.status !== 204) throw new Error(`could not reset the sandbox: ${response.status}`)
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Same-origin frames (the sandbox's widget and report pages) loaded, in Inter, fonts ready. */
async function settleFrames(root: ParentNode) {
  for (const frame of root.querySelectorAll('iframe')) {
    const read = () => {
      try {
        return frame.contentDocument
      } catch {
        return null // cross-origin: nothing in it to wait for that we could see
      }
    }
    let doc = read()
    if (!doc || frame.getAttribute('src') === null) continue
    for (let waited = 0; doc.readyState !== 'complete' && waited < 5000; waited += 50) {
      await sleep(50)
      doc = read() ?? doc
    }
    await addFonts(doc)
    await doc.fonts.ready
  }
}

/** Waits until nothing in the document changed for `quiet` ms (at most `limit` ms). */
async function quietDom(quiet = 100, limit = 5000) {
  let last = performance.now()
  const observer = new MutationObserver(() => (last = performance.now()))
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  })
  const start = performance.now()
  try {
    while (performance.now() - last < quiet && performance.now() - start < limit) await sleep(50)
  } finally {
    observer.disconnect()
  }
}

afterEach(async (context) => {
  Math.random = realRandom
  // A story that failed already says why; a screenshot of it would only add noise.
  if (context.task.result?.errors?.length) return
  const story = (
    context as TestContext & { story?: { parameters?: { visual?: VisualParameters } } }
  ).story
  const visual = story?.parameters?.visual ?? {}
  if (visual.disable) return
  // Storybook's portable stories render into a div appended to <body>.
  const canvas = [...document.body.children]
    .reverse()
    .find((element) => element.tagName === 'DIV') as HTMLElement | undefined
  if (!canvas) throw new Error('no story canvas to screenshot')
  await page.viewport(VISUAL_VIEWPORT.width, VISUAL_VIEWPORT.height)
  await quietDom()
  if (document.querySelector('iframe')) {
    await settleFrames(document)
    await quietDom()
  }
  await document.fonts.ready
  window.scrollTo(0, 0)
  const room = VISUAL_VIEWPORT.height - Math.ceil(canvas.getBoundingClientRect().top)
  if (canvas.getBoundingClientRect().height > room)
    Object.assign(canvas.style, { maxHeight: `${room}px`, overflow: 'hidden' })
  const target =
    visual.target === 'page'
      ? page.elementLocator(document.documentElement)
      : page.elementLocator(canvas)
  await expect.element(target).toMatchScreenshot(context.task.name)
})
