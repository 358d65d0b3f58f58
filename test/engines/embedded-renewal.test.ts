// The hosted report outlives its token: the officer reads Ada's report when its token expires
// (the sandbox control "Expire report token now"); the report says so within seconds, a new
// token is fetched and the report comes back, and the frame on screen is never blank meanwhile.
import { expect } from 'vitest'
import { engineFlow } from './flow.ts'
import { openApplicant } from './widget.ts'

/** In the page: samples every animation frame until `window.ibvStop` is set; collects what went wrong in `window.ibvProblems`. */
function watchFrames() {
  const state = window as unknown as {
    ibvProblems: string[]
    ibvStop?: boolean
    ibvFirstToken: string | null
  }
  const frames = () =>
    Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'))
  state.ibvProblems = []
  state.ibvFirstToken = new URL(frames()[0]!.src).searchParams.get('token')
  const sample = () => {
    const visible = frames().filter(
      (frame) =>
        getComputedStyle(frame).visibility !== 'hidden' && frame.getBoundingClientRect().height > 0,
    )
    const shown = visible[0]?.contentDocument
    if (visible.length !== 1) state.ibvProblems.push(`${visible.length} visible frames`)
    // Blank: no document yet, or one with no text (Firefox shows a report at `interactive`, its text and styles in).
    else if (!shown?.body?.innerText.trim())
      state.ibvProblems.push(
        `a blank frame (${shown?.readyState ?? 'no document'}, ${visible[0]?.dataset.frame} frame, component ${document.querySelector<HTMLElement>('.ibv-embedded-report')?.dataset.state})`,
      )
    if (!state.ibvStop) requestAnimationFrame(sample)
  }
  requestAnimationFrame(sample)
}

/** In the page: one report frame, on a new token, showing the report, and the component ready. */
function renewed(reportId: string) {
  const frames = Array.from(
    document.querySelectorAll<HTMLIFrameElement>('iframe.ibv-embedded-report__frame'),
  )
  const first = (window as unknown as { ibvFirstToken: string | null }).ibvFirstToken
  const root = document.querySelector<HTMLElement>('.ibv-embedded-report')
  return (
    frames.length === 1 &&
    new URL(frames[0]!.src).searchParams.get('token') !== first &&
    !!frames[0]!.contentDocument?.body?.innerText.includes(reportId) &&
    root?.dataset.state === 'ready'
  )
}

engineFlow('the hosted report renews its expired token', async ({ tab, app }) => {
  await openApplicant(tab, app.url, 'Ada Okafor')
  const reportId = (await tab.text({ selector: '.detail p.muted code:last-of-type' })).trim()
  const report = await tab.frame('iframe.ibv-embedded-report__frame')
  await report.waitFor('the hosted report', (id: string) => document.body?.innerText.includes(id), [
    reportId,
  ])
  await tab.waitFor(
    'the report ready',
    () => document.querySelector<HTMLElement>('.ibv-embedded-report')?.dataset.state === 'ready',
  )
  await tab.evaluate(watchFrames)
  await tab.click({ selector: 'button', text: 'Expire report token now' })
  // The portal checks its token every 5 s; the renewal follows at once.
  await tab.waitFor('the report on a new token', renewed, [reportId], 30_000)
  const problems = await tab.evaluate(() => {
    const state = window as unknown as { ibvProblems: string[]; ibvStop?: boolean }
    state.ibvStop = true
    return state.ibvProblems
  })
  expect(problems).toEqual([])
})
