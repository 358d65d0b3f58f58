import '../../src/styles.css'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { cdp, page } from 'vitest/browser'
import { ConnectButton, IbvProvider, createBackendFetchers } from '../../src/index.js'

// The connect dialog as tall as the widget's page (which says its height with ibv:resize), within
// the viewport: no empty band under a short step, a long list scrolls inside; on a phone
// (≤ 480 px) the dialog is the whole screen.
const service = `${location.origin}/ibv-sandbox`

afterEach(async () => {
  await page.viewport(1280, 900)
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
})

async function openWidget() {
  render(
    <IbvProvider fetchers={createBackendFetchers('/api/ibv')} serviceUrl={service}>
      <ConnectButton consumerId={`SIZE-${crypto.randomUUID()}`} />
    </IbvProvider>,
  )
  screen.getByRole('button', { name: 'Connect bank' }).click()
  const dialog = await screen.findByRole('dialog')
  return { dialog, frame: dialog.querySelector('iframe')! }
}

/** The widget's document once `selector` is in it and it has loaded. */
function widgetDocument(frame: HTMLIFrameElement, selector: string) {
  return vi.waitFor(
    () => {
      const doc = frame.contentDocument
      if (!doc?.querySelector(selector) || doc.readyState !== 'complete')
        throw new Error('widget not ready')
      return doc
    },
    { timeout: 5000 },
  )
}

/** What the page inside the frame needs (its html element's box), in px. */
const contentHeight = (doc: Document) =>
  Math.ceil(doc.documentElement.getBoundingClientRect().height)

/** With VITE_LAYOUT_SCREENS=1, a picture under __screenshots__/ (not kept in git). */
async function snapshot(name: string) {
  if (import.meta.env.VITE_LAYOUT_SCREENS)
    await page.screenshot({ path: `__screenshots__/connect-dialog-size.test.tsx/${name}.png` })
}

describe('the connect dialog fits its widget', () => {
  it('at 1280 px: a short step leaves no empty band, a long list scrolls inside the viewport', async () => {
    await page.viewport(1280, 900)
    const { dialog, frame } = await openWidget()
    const list = await widgetDocument(frame, 'button[value="platypus"]')
    // The bank list is taller than the screen: the dialog stops 1rem short of each edge, the list scrolls.
    await vi.waitFor(() =>
      expect(dialog.getBoundingClientRect().height).toBeLessThanOrEqual(900 - 32 + 1),
    )
    expect(contentHeight(list)).toBeGreaterThan(frame.clientHeight)

    list.querySelector<HTMLButtonElement>('button[value="platypus"]')!.click()
    const signIn = await widgetDocument(frame, 'input[name="username"]')
    await vi.waitFor(() =>
      expect(
        Math.abs(frame.clientHeight - contentHeight(signIn)),
        'space under the sign-in form',
      ).toBeLessThanOrEqual(2),
    )
    const rect = dialog.getBoundingClientRect()
    expect(
      rect.bottom - frame.getBoundingClientRect().bottom,
      'dialog below its frame (the border)',
    ).toBeLessThanOrEqual(2)
    expect(rect.top, 'centred: as much room above as below').toBeCloseTo(900 - rect.bottom, -1)
    await snapshot('sign-in-1280')
  })

  it('a height that is not a positive number is ignored (0, negative, text, a CSS expression)', async () => {
    await page.viewport(1280, 900)
    const { frame } = await openWidget()
    await widgetDocument(frame, 'button[value="platypus"]')
    await vi.waitFor(() => expect(frame.style.height).toMatch(/^\d+px$/))
    const before = frame.style.height
    for (const height of [0, -50, 'tall', 'var(--x)', null, {}]) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'ibv:resize', height },
          origin: location.origin,
          source: frame.contentWindow,
        }),
      )
    }
    expect(frame.style.height).toBe(before)
  })

  it('at 360 px: the dialog is the whole screen, and its widget fills it', async () => {
    await page.viewport(360, 740)
    const { dialog, frame } = await openWidget()
    const signIn = await widgetDocument(frame, 'button[value="platypus"]')
    signIn.querySelector<HTMLButtonElement>('button[value="platypus"]')!.click()
    await widgetDocument(frame, 'input[name="username"]')
    await vi.waitFor(() => {
      const rect = dialog.getBoundingClientRect()
      expect([rect.left, rect.top, rect.width, rect.height]).toEqual([0, 0, 360, 740])
    })
    const header = dialog.querySelector('.ibv-connect-dialog__header')!.getBoundingClientRect()
    expect(frame.getBoundingClientRect().bottom).toBeCloseTo(740, 0)
    expect(frame.getBoundingClientRect().top).toBeCloseTo(header.bottom, 0)
    await snapshot('sign-in-360')
  })
})

describe('the connect dialog matches its widget in dark mode', () => {
  const luminance = (color: string) => {
    const [r, g, b] = color.match(/[\d.]+/g)!.map(Number)
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }

  it('on a dark OS its title bar is dark like the widget, even on a light-only page; color-scheme: light on the dialog keeps it light', async () => {
    await cdp().send('Emulation.setEmulatedMedia', {
      media: '',
      features: [{ name: 'prefers-color-scheme', value: 'dark' }],
    })
    const { dialog, frame } = await openWidget()
    const inside = await widgetDocument(frame, 'button[value="platypus"]')
    expect(luminance(getComputedStyle(inside.body).backgroundColor), 'the widget').toBeLessThan(60)
    expect(luminance(getComputedStyle(dialog).backgroundColor), 'the dialog').toBeLessThan(60)
    expect(luminance(getComputedStyle(dialog).color)).toBeGreaterThan(180)
    await snapshot('dark-banks-1280')
    dialog.style.colorScheme = 'light'
    expect(luminance(getComputedStyle(dialog).backgroundColor)).toBeGreaterThan(200)
  })
})
