import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { cdp, page, userEvent } from 'vitest/browser'
import { ReconnectPrompt, type ReconnectPromptProps } from '../../src/index.js'

// <ReconnectPrompt> in real Chromium, with the default theme, inside a host page styled like a
// create-vite app (centred text, styled buttons, its own `code` rule, a padded #root): the staff
// voice's copy button against the real clipboard, the link selected by hand, and the layout at a
// phone's and a desktop's width, light and dark, with a very long link.

const short = 'https://service.test/connect?link=lnk_ABC'
// 200 characters and not one place to break but the ones a browser may choose.
const long = `https://connect.sandbox.example/ibv/connection?link=${'lnk_'.padEnd(200 - 52, 'Q7x9Zk2Lm4Np')}`

const HOST_CSS = `
:root { font-family: system-ui, Avenir, Helvetica, Arial, sans-serif; line-height: 1.5; font-weight: 400;
  color-scheme: light dark; color: rgba(255, 255, 255, 0.87); background-color: #242424; }
body { margin: 0; display: flex; place-items: center; min-width: 320px; min-height: 100vh; }
button { border-radius: 8px; border: 1px solid transparent; padding: 0.6em 1.2em; font-size: 1em; font-weight: 500;
  font-family: inherit; background-color: #1a1a1a; cursor: pointer; transition: border-color 0.25s; }
code { font-family: ui-monospace, Consolas, monospace; display: inline-flex; border-radius: 4px; font-size: 15px; padding: 4px 8px; background: #f4f3ec; }
@media (prefers-color-scheme: light) { :root { color: #213547; background-color: #ffffff; } button { background-color: #f9f9f9; } }
#root { max-width: 1280px; margin: 0 auto; padding: 2rem; text-align: center; box-sizing: border-box; width: 100%; }
`

async function mount(
  props: ReconnectPromptProps,
  scheme: 'light' | 'dark' = 'light',
  width = 1280,
) {
  await cdp().send('Emulation.setEmulatedMedia', {
    media: '',
    features: [{ name: 'prefers-color-scheme', value: scheme }],
  })
  await page.viewport(width, 800)
  const style = document.head.appendChild(document.createElement('style'))
  style.textContent = HOST_CSS
  style.dataset.host = ''
  const root = document.body.appendChild(document.createElement('div'))
  root.id = 'root'
  render(<ReconnectPrompt institutionName="Platypus Bank" {...props} />, { container: root })
  return screen.getByRole('region')
}

afterEach(async () => {
  getSelection()?.removeAllRanges()
  document.querySelectorAll('style[data-host], #root').forEach((node) => node.remove())
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
})

function expectNoOverflow(region: HTMLElement) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
    document.documentElement.clientWidth,
  )
  expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth)
  const right = region.getBoundingClientRect().right + 0.5
  const outside = Array.from(region.querySelectorAll('*')).filter(
    (element) => element.getBoundingClientRect().right > right,
  )
  expect(outside.map((element) => element.outerHTML.slice(0, 80))).toEqual([])
}

describe('<ReconnectPrompt> for staff in Chromium', () => {
  it('copies the link to the real clipboard and announces it', async () => {
    const region = await mount({ connectionLink: short, consumerName: 'Ada' })
    // A click focuses the document, so that the clipboard can be set to something else first.
    await userEvent.click(region.querySelector('p')!)
    await navigator.clipboard.writeText('something else')
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Link copied.'))
    expect(await navigator.clipboard.readText()).toBe(short)
    if (import.meta.env.VITE_RECONNECT_SCREENS)
      await page.screenshot({ path: '__screenshots__/reconnect-prompt.test.tsx/staff-copied.png' })
  })

  it('lets the officer select the whole link by hand: a triple click, or one click', async () => {
    const region = await mount({ connectionLink: long, consumerName: 'Ada' })
    const code = region.querySelector('code')!
    await userEvent.tripleClick(code)
    expect(getSelection()?.toString()).toBe(long)
    getSelection()?.removeAllRanges()
    await userEvent.click(code)
    expect(getSelection()?.toString()).toBe(long)
  })

  it('offers Send to Ada with onSend, and calls it with the link', async () => {
    const sent: string[] = []
    await mount({ connectionLink: short, consumerName: 'Ada', onSend: (link) => sent.push(link) })
    await userEvent.click(screen.getByRole('button', { name: 'Send to Ada' }))
    expect(sent).toEqual([short])
  })
})

describe('<ReconnectPrompt> layout', () => {
  for (const audience of ['staff', 'borrower'] as const) {
    for (const width of [320, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        it(`${audience} at ${width} px in ${scheme}: a 200-character link does not overflow, the text starts at the left`, async () => {
          expect(long).toHaveLength(200)
          const region = await mount(
            { audience, connectionLink: long, consumerName: 'Ada', onSend: () => undefined },
            scheme,
            width,
          )
          expectNoOverflow(region)
          expect(getComputedStyle(region).textAlign).toBe('start')
          expect(getComputedStyle(region).backgroundColor).toBe(
            scheme === 'dark' ? 'rgb(22, 27, 34)' : 'rgb(255, 255, 255)',
          )
          if (audience === 'staff') {
            const code = region.querySelector('code')!
            expect(code.textContent).toBe(long)
            expect(getComputedStyle(code).display).toBe('block')
            // The link wraps inside the prompt rather than scrolling or being cut.
            expect(code.getBoundingClientRect().height).toBeGreaterThan(40)
          }
          if (import.meta.env.VITE_RECONNECT_SCREENS) {
            await page.screenshot({
              path: `__screenshots__/reconnect-prompt.test.tsx/${audience}-${width}-${scheme}.png`,
            })
          }
        })
      }
    }
  }
})
