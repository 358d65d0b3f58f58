import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { cdp, page, userEvent } from 'vitest/browser'
import { ReportView, type IbvReport } from '../../src/index.js'
import { mountInHost, resetHost } from './host-css.js'
import { sandboxReport } from './sandbox-report.js'

// <ReportView> laid out by real Chromium with the default theme, inside a host page styled like a
// create-vite app of the classic template (centred text, styled buttons, a padded #root), at a
// phone's and a desktop's width, in light and dark, and printed.

/**
 * With VITE_REPORT_VIEW_SCREENS=1, pictures to look at, a screen at a time, under
 * __screenshots__/ReportView.test.tsx/ (not kept in git: the sandbox's ids change every run).
 */
async function snapshot(article: HTMLElement, name: string) {
  if (!import.meta.env.VITE_REPORT_VIEW_SCREENS) return
  const bottom = article.getBoundingClientRect().bottom + window.scrollY
  for (let top = 0, index = 0; top < bottom; top += window.innerHeight - 100, index++) {
    window.scrollTo(0, top)
    await page.screenshot({ path: `__screenshots__/ReportView.test.tsx/${name}-${index}.png` })
  }
  window.scrollTo(0, 0)
}

/** The report in create-vite's classic host (centred text, styled buttons, a padded #root), or printed. */
async function mount(report: IbvReport, scheme: 'light' | 'dark' | 'print', width: number) {
  await mountInHost(<ReportView report={report} expandedAccounts={3} />, {
    scheme: scheme === 'print' ? 'light' : scheme,
    width,
    host: 'create-vite-classic',
  })
  if (scheme === 'print')
    await cdp().send('Emulation.setEmulatedMedia', { media: 'print', features: [] })
  return screen.getByRole('article')
}

afterEach(resetHost)

type FrameTree = { frame: { id: string; url: string }; childFrames?: FrameTree[] }
/** The roles Chromium's accessibility tree gives the nodes of this test's frame. */
async function accessibleRoles(): Promise<Array<string | undefined>> {
  const { frameTree } = (await cdp().send('Page.getFrameTree')) as { frameTree: FrameTree }
  const frames: FrameTree[] = [frameTree]
  for (let index = 0; index < frames.length; index++)
    frames.push(...(frames[index]!.childFrames ?? []))
  const own = frames.find((tree) => tree.frame.url === location.href) ?? frameTree
  const { nodes } = (await cdp().send('Accessibility.getFullAXTree', {
    frameId: own.frame.id,
  })) as { nodes: Array<{ role?: { value?: string } }> }
  return nodes.map((node) => node.role?.value)
}

const edge = (element: Element, side: 'left' | 'right') => element.getBoundingClientRect()[side]

function expectNoOverflow(article: HTMLElement) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
    document.documentElement.clientWidth,
  )
  expect(article.scrollWidth).toBeLessThanOrEqual(article.clientWidth)
  const right = edge(article, 'right') + 0.5
  const outside = Array.from(article.querySelectorAll('*')).filter(
    (element) => edge(element, 'right') > right,
  )
  expect(outside.map((element) => element.outerHTML.slice(0, 80))).toEqual([])
}

/** The value column and the balance share one right edge in every open account. */
function expectAlignedValues(article: HTMLElement) {
  const accounts = Array.from(
    article.querySelectorAll('.ibv-report-view__account[data-state="open"]'),
  )
  expect(accounts.length).toBeGreaterThanOrEqual(3)
  const columns = accounts.map((account) => {
    const header = account.querySelector('thead th:last-child')!
    const cells = Array.from(account.querySelectorAll('tbody td'))
    const cell = cells[0]!
    const textRight = edge(cell, 'right') - parseFloat(getComputedStyle(cell).paddingRight)
    const balance = account.querySelector('.ibv-report-view__balance')!
    return {
      left: Math.round(edge(header, 'left')),
      right: Math.round(edge(header, 'right')),
      cellsRight: new Set(cells.map((td) => Math.round(edge(td, 'right')))).size,
      balanceToValues: Math.round(edge(balance, 'right') - textRight),
      align: getComputedStyle(cell).textAlign,
      numerals: getComputedStyle(cell).fontVariantNumeric,
    }
  })
  for (const column of columns) {
    expect(column).toEqual({
      ...columns[0],
      cellsRight: 1,
      balanceToValues: 0,
      align: 'end',
      numerals: 'tabular-nums',
    })
  }
}

/** How many lines a piece of text takes. */
function lines(node: Node): number {
  const range = document.createRange()
  range.selectNodeContents(node)
  return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size
}

describe('<ReportView> in Chromium', () => {
  for (const width of [320, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`at ${width} px in ${scheme}: no horizontal overflow, the value column in one place in every account`, async () => {
        const report = await sandboxReport({ accounts: 4, features: 12 })
        const article = await mount(report, scheme, width)
        const card = article.querySelector('.ibv-report-view__account')!
        expect(getComputedStyle(card).backgroundColor).toBe(
          scheme === 'dark' ? 'rgb(22, 27, 34)' : 'rgb(255, 255, 255)',
        )
        // The host centres text and styles buttons; the report stays left-aligned and its toggles plain.
        expect(
          getComputedStyle(screen.getAllByRole('button', { expanded: true })[0]!).textAlign,
        ).toBe('start')
        expect(
          getComputedStyle(screen.getAllByRole('button', { expanded: true })[0]!).backgroundColor,
        ).toBe('rgba(0, 0, 0, 0)')
        expectNoOverflow(article)
        expectAlignedValues(article)
        // However the theme lays the rows out, Chromium still exposes a table with its headers.
        const roles = await accessibleRoles()
        expect(roles.filter((role) => role === 'rowheader')).toHaveLength(3 * 16)
        expect(roles.filter((role) => role === 'columnheader')).toHaveLength(3 * 2)
        expect(roles.filter((role) => role === 'cell')).toHaveLength(3 * 16)
        // The chevron shows, and turns with the state.
        const open = getComputedStyle(
          screen.getAllByRole('button', { expanded: true })[0]!,
          '::before',
        )
        const closed = getComputedStyle(screen.getByRole('button', { expanded: false }), '::before')
        expect(parseFloat(open.width)).toBeGreaterThan(4)
        expect(open.transform).not.toBe(closed.transform)
        await snapshot(article, `report-view-${width}-${scheme}`)
        // A filter that matches nothing, and a long one, change nothing to the width: every account
        // closes and says so in its heading.
        fireEvent.change(screen.getByRole('searchbox', { name: 'Filter features' }), {
          target: { value: 'x'.repeat(80) },
        })
        await expect
          .poll(() => screen.queryAllByText('No feature matches the filter.'))
          .toHaveLength(4)
        expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0)
        expectNoOverflow(article)
      })
    }
  }

  for (const width of [320, 1280]) {
    it(`at ${width} px: decimal points line up in the value column of every account`, async () => {
      const report = await sandboxReport({ accounts: 3, features: 12 })
      report.accounts[0]!.items[0]!.data = { a: 12.5, b: 1234.0001, c: 3, d: -0.25, e: 100000.75 }
      const article = await mount(report, 'light', width)
      const points = Array.from(
        article.querySelectorAll('tbody td .ibv-report-view__fraction'),
        (fraction) => Math.round(edge(fraction, 'left')),
      )
      expect(points.length).toBe(5 + 2 * 15)
      expect(new Set(points)).toEqual(new Set([points[0]]))
      expectAlignedValues(article)
    })
  }

  for (const host of ['create-vite-classic', 'light-only'] as const) {
    it(`at 320 px in the ${host} host a value wider than the phone wraps inside its cell`, async () => {
      const report = await sandboxReport({ accounts: 1, features: 3 })
      report.accounts[0]!.items![0]!.data['huge_value'] = 1e21 // 1,000,000,000,000,000,000,000
      await mountInHost(<ReportView report={report} />, { width: 320, host })
      expectNoOverflow(screen.getByRole('article'))
    })
  }

  it('at 320 px feature names break after an underscore, never inside a word that fits', async () => {
    const report = await sandboxReport({ accounts: 3, features: 2 })
    const names = [
      'total_income_last_90_days',
      'average_monthly_payroll_deposits_last_180_days',
      'nsf_count_90d',
      'ne_income_feature_12',
    ]
    report.accounts[0]!.items[0]!.data = Object.fromEntries(
      names.map((name, index) => [name, index * 1000.5]),
    )
    const article = await mount(report, 'light', 320)
    // The raw names: the row header itself, or the key under a label.
    const cells = Array.from(
      article
        .querySelector('.ibv-report-view__account')!
        .querySelectorAll('tbody th, tbody .ibv-report-view__key'),
    ).filter((cell) => names.includes(cell.textContent ?? ''))
    expect(cells).toHaveLength(4)
    // The long names do wrap, but every part between two underscores stays on one line.
    expect(cells.some((cell) => lines(cell) > 1)).toBe(true)
    for (const cell of cells)
      for (const part of Array.from(cell.childNodes).filter(
        (node) => node.nodeType === Node.TEXT_NODE,
      ))
        expect(lines(part)).toBe(1)
    expectNoOverflow(article)
  })

  it('at 1280 px the ids of the summary stay on one line; at 320 px they break only because they cannot fit', async () => {
    const report = await sandboxReport({ accounts: 2, features: 2 })
    report.product_request_id = `IBV-${crypto.randomUUID()}`
    const article = await mount(report, 'light', 1280)
    const summary = screen.getByRole('region', { name: 'Summary' })
    const value = (label: string) =>
      Array.from(summary.querySelectorAll('dt')).find((dt) => dt.textContent === label)!
        .nextElementSibling!
    for (const label of ['Applicant', 'Report', 'Created', 'Net balance', 'Banks'])
      expect(lines(value(label)), label).toBe(1)
    await snapshot(article, 'report-view-ids-1280')
    await page.viewport(320, 900)
    // …only because the id is wider than the whole line: its tile has a line of its own.
    expect(lines(value('Report'))).toBeGreaterThan(1)
    expect(Math.round(value('Report').parentElement!.getBoundingClientRect().width)).toBe(
      Math.round(summary.getBoundingClientRect().width),
    )
    expectNoOverflow(article)
  })

  it('while filtering opens the accounts with matches and closes the others, then restores them', async () => {
    const report = await sandboxReport({ accounts: 5, features: 12 })
    report.accounts[4]!.items[0]!.data = { unrelated: 1 }
    const article = await mount(report, 'light', 1280)
    const open = () =>
      Array.from(article.querySelectorAll('.ibv-report-view__account'), (section) =>
        section.getAttribute('data-state'),
      )
    expect(open()).toEqual(['open', 'open', 'open', 'closed', 'closed'])
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter features' }), 'feature_1')
    await expect.poll(open).toEqual(['open', 'open', 'open', 'open', 'closed'])
    await expect.element(page.getByText('16 of 65 features match')).toBeVisible()
    await expect
      .element(page.getByRole('button', { name: /No feature matches the filter/ }))
      .toBeVisible()
    expect(screen.getAllByRole('rowheader')).toHaveLength(16)
    await snapshot(article, 'report-view-filtered')
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter features' }))
    await expect.poll(open).toEqual(['open', 'open', 'open', 'closed', 'closed'])
  })

  it('prints every account expanded, without the filter and buttons, in black on white', async () => {
    const report = await sandboxReport({ accounts: 5, features: 6 })
    const article = await mount(report, 'print', 800)
    expect(article.querySelectorAll('table')).toHaveLength(3)
    // As the browser fires it: outside React's act(), and the page is laid out for print as soon
    // as the listeners return, so every account must be rendered by then.
    window.dispatchEvent(new Event('beforeprint'))
    expect(article.querySelectorAll('table')).toHaveLength(5)
    expect(getComputedStyle(screen.getByRole('searchbox', { hidden: true })).display).toBe('none')
    expect(getComputedStyle(article.querySelector('.ibv-report-view__actions')!).display).toBe(
      'none',
    )
    expect(getComputedStyle(article).color).toBe('rgb(0, 0, 0)')
    expect(getComputedStyle(article.querySelector('.ibv-badge')!).color).toBe('rgb(0, 0, 0)')
    expect(
      getComputedStyle(article.querySelector('.ibv-report-view__account')!).backgroundColor,
    ).toBe('rgba(0, 0, 0, 0)')
    expect(
      getComputedStyle(article.querySelector('.ibv-report-view__toggle')!, '::before').display,
    ).toBe('none')
    await snapshot(article, 'report-view-print')
    window.dispatchEvent(new Event('afterprint'))
    expect(article.querySelectorAll('table')).toHaveLength(3)
  })

  it('copies the CSV with the real clipboard and says so', async () => {
    const report = await sandboxReport({ accounts: 2, features: 3 })
    await mount(report, 'light', 1280)
    await userEvent.click(screen.getByRole('button', { name: 'Copy CSV' }))
    await expect.element(page.getByText('Copied all 14 features as CSV.')).toBeVisible()
    // What a spreadsheet gets: the header, then one row per feature, account numbers masked.
    const lines = (await navigator.clipboard.readText()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'institution,account_name,account_type,account_number,item_code,feature,feature_label,value',
    )
    expect(lines).toHaveLength(15)
    expect(lines.slice(1).every((line) => line.includes('••••'))).toBe(true)
  })
})
