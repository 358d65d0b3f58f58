import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { cdp, page } from 'vitest/browser'
import {
  ConnectButton,
  EmbeddedReport,
  IbvProvider,
  InviteBorrowerButton,
  ReconnectPrompt,
  RefreshReportButton,
  ReportStatusBadge,
  ReportView,
  type IbvReport,
} from '../../src/index.js'
import type { IbvLocale } from '../../src/core/locale.js'
import { en } from '../../src/locales/en.js'
import { es } from '../../src/locales/es.js'
import { frCA } from '../../src/locales/fr-CA.js'
import { SERVICE, createChain } from './locale-chain.js'

// The components in their longest language (Canadian French) and in Spanish, laid out in Chromium:
// nothing wider than a 320 px phone, and a right-to-left page mirrored rather than broken.
// `VITE_REFRESH_SCREENS=1` also writes screenshots (320, 390 and 1280 px, light and dark) to
// __screenshots__/locales-layout.test.tsx/, to look at.

let chain: ReturnType<typeof createChain> | undefined
afterEach(async () => {
  chain?.sandbox.close()
  chain = undefined
  document.documentElement.removeAttribute('dir')
  document.documentElement.removeAttribute('style')
  await page.viewport(1280, 900)
  await cdp().send('Emulation.setEmulatedMedia', { media: '', features: [] })
})

async function sandboxReport(): Promise<IbvReport> {
  chain = createChain()
  const created = await chain.control('/sandbox/product_requests', {
    consumer_id: 'LAYOUT-1',
    institution: 'Caisse populaire du Plateau-Mont-Royal',
    accounts: 2,
  })
  await chain.sandbox.advance(6)
  const answer = await chain.fetchers.report!(created.product_request_id!)
  if (answer.kind !== 'ready') throw new Error('the report is not ready')
  return answer.report
}

/** Every component a page shows, in `locale`; the report view with a sandbox report. */
async function mountAll(locale: IbvLocale) {
  const report = await sandboxReport()
  // A host page that follows the reader's light or dark scheme, as create-vite's does.
  Object.assign(document.documentElement.style, {
    colorScheme: 'light dark',
    background: 'Canvas',
    color: 'CanvasText',
  })
  const link = `${SERVICE}/connect?link=lnk_${'Q7x9Zk2Lm4Np'.repeat(6)}`
  render(
    <IbvProvider
      fetchers={chain!.fetchers}
      serviceUrl={SERVICE}
      locale={locale}
      readyTimeoutMs={300}
    >
      <main data-testid="page" style={{ display: 'grid', gap: '1rem', padding: '0.5rem' }}>
        <p>
          <ReportStatusBadge status="reconnect_required" audience="borrower" showDescription />{' '}
          <ReportStatusBadge status="ibv_data_acquire_failed" />
        </p>
        <ConnectButton consumerId="LAYOUT-2" />
        <RefreshReportButton consumerId="NOBODY" />
        <InviteBorrowerButton consumerId="LAYOUT-3" consumerName="Geneviève Tremblay-Bouchard" />
        <ReconnectPrompt
          reason="invalid_connection"
          connectionLink={link}
          institutionName="Caisse populaire du Plateau-Mont-Royal"
          consumerName="Geneviève"
        />
        <ReconnectPrompt
          reason="data_pull_failed"
          connectionLink={link}
          audience="borrower"
          onReconnect={() => {}}
        />
        <EmbeddedReport productRequestId="PR-NONE" />
        <ReportView report={report} />
      </main>
    </IbvProvider>,
  )
  // The embedded report has given up on its frame: its error and "try again" are laid out too.
  await waitFor(
    () => expect(document.querySelector('.ibv-embedded-report__error')).not.toBeNull(),
    { timeout: 8000 },
  )
  return screen.getByTestId('page')
}

/** Elements that reach past the page's right (or, right to left, left) edge. */
function overflowing(root: HTMLElement): string[] {
  const { left, right } = document.documentElement.getBoundingClientRect()
  return Array.from(root.querySelectorAll<HTMLElement>('*'))
    .filter((element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && (box.right > right + 0.5 || box.left < left - 0.5)
    })
    .map(
      (element) =>
        `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
    )
}

async function shoot(name: string, widths: number[]) {
  if (!import.meta.env.VITE_REFRESH_SCREENS) return
  for (const scheme of ['light', 'dark'] as const) {
    await cdp().send('Emulation.setEmulatedMedia', {
      media: '',
      features: [{ name: 'prefers-color-scheme', value: scheme }],
    })
    for (const width of widths) {
      await page.viewport(width, 900)
      // The page is taller than the window: one screenshot per window's height.
      for (
        let part = 0, top = 0;
        top < document.documentElement.scrollHeight;
        part += 1, top += 850
      ) {
        window.scrollTo(0, top)
        await page.screenshot({
          path: `__screenshots__/locales-layout.test.tsx/${name}-${scheme}-${width}-${part}.png`,
        })
      }
      window.scrollTo(0, 0)
    }
  }
}

describe.each([
  ['fr-CA', frCA],
  ['es', es],
  ['en', en],
])('the components in %s, laid out', (code, locale) => {
  it('fit a 320 px phone: no horizontal overflow', async () => {
    await page.viewport(320, 900)
    const root = await mountAll(locale)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    )
    expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
    expect(overflowing(root)).toEqual([])
    await shoot(code, [320, 390, 1280])
  })

  it.each([1280, 390])(
    'keeps every number and sum of money on one line, decimal points aligned, at %i px',
    async (width) => {
      await page.viewport(width, 900)
      const root = await mountAll(locale)
      const fractions = Array.from(
        root.querySelectorAll<HTMLElement>('.ibv-report-view td .ibv-report-view__fraction'),
      )
      expect(fractions.length).toBeGreaterThan(0)
      for (const fraction of fractions) {
        const cell = fraction.closest('td')!
        // One line: the integer part, then the fraction beside it, not under it.
        const whole = document.createRange()
        whole.selectNodeContents(cell.firstChild!)
        const [integer, part] = [whole.getBoundingClientRect(), fraction.getBoundingClientRect()]
        expect(whole.getClientRects(), cell.textContent!).toHaveLength(1)
        expect(
          part.top < integer.bottom && part.bottom > integer.top,
          `${cell.textContent} on two lines`,
        ).toBe(true)
        expect(fraction.getClientRects(), cell.textContent!).toHaveLength(1)
      }
      // The points line up: every fraction, money's included, is as wide as the others.
      expect(
        new Set(fractions.map((fraction) => Math.round(fraction.getBoundingClientRect().width)))
          .size,
      ).toBe(1)
    },
  )
})

describe('a right-to-left page', () => {
  it('mirrors the components: starts on the right, nothing overflows', async () => {
    document.documentElement.setAttribute('dir', 'rtl')
    await page.viewport(390, 900)
    const root = await mountAll(frCA)
    const prompt = root.querySelector<HTMLElement>('.ibv-reconnect')!
    // The accent border is on the side the text starts from.
    expect(getComputedStyle(prompt).borderRightWidth).toBe('4px')
    expect(getComputedStyle(prompt).borderLeftWidth).toBe('1px')
    const title = root.querySelector<HTMLElement>('.ibv-reconnect__title')!
    expect(
      Math.round(prompt.getBoundingClientRect().right - title.getBoundingClientRect().right),
    ).toBeLessThan(30)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    )
    expect(overflowing(root)).toEqual([])
    await shoot('rtl', [390])
  })
})
