// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright'
import { REPORT_STATUSES, describeStatus } from '../../src/core/index.js'
import { openElementsPage, type OpenElementsPage } from './page/server.ts'

// The elements in real Chromium on a plain page with no React (test/elements/page/, served by Vite
// with no React plugin): every badge state, the prompt's reasons and voices, attribute updates,
// the default theme applied in the light DOM, and events that leave a shadow root.
let opened: OpenElementsPage
let page: Page

beforeAll(async () => {
  opened = await openElementsPage({
    prepare: (_page, context, at) =>
      context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(at).origin,
      }),
  })
  ;({ page } = opened)
}, 60_000)

afterAll(() => opened?.close())

/** Replaces the page's content with `html` and returns the first element's rendered state. */
const mount = (html: string) =>
  page.evaluate((markup) => void (document.getElementById('root')!.innerHTML = markup), html)

describe('ibv-kit/elements in Chromium, with no React on the page', () => {
  it('loads no React module', async () => {
    const loaded = await page.evaluate(() => ({
      resources: performance.getEntriesByType('resource').map((entry) => entry.name),
      react: typeof (window as { React?: unknown }).React,
      defined: [
        customElements.get('ibv-report-status-badge'),
        customElements.get('ibv-reconnect-prompt'),
      ].map((element) => typeof element),
    }))
    expect(loaded.resources.some((name) => name.includes('/src/elements/'))).toBe(true)
    expect(loaded.resources.filter((name) => /react|tanstack/i.test(name))).toEqual([])
    expect(loaded.react).toBe('undefined')
    expect(loaded.defined).toEqual(['function', 'function'])
  })

  it('shows every status, and an unknown one, themed by styles.css in the light DOM', async () => {
    const statuses = [...REPORT_STATUSES, 'archived_by_service']
    await mount(
      statuses
        .map((status) => `<ibv-report-status-badge status="${status}"></ibv-report-status-badge>`)
        .join(' '),
    )
    const badges = await page.locator('ibv-report-status-badge').evaluateAll((hosts) =>
      hosts.map((host) => {
        const badge = host.querySelector<HTMLElement>('.ibv-badge')!
        const style = getComputedStyle(badge)
        return {
          state: host.dataset.state,
          status: badge.dataset.status,
          tone: badge.dataset.tone,
          label: badge.querySelector('.ibv-badge__label')?.textContent,
          display: style.display,
          radius: style.borderTopLeftRadius,
        }
      }),
    )
    expect(badges).toEqual(
      statuses.map((status) => ({
        state: 'ready',
        status,
        tone: describeStatus(status).tone,
        label: describeStatus(status).label,
        display: 'inline-grid',
        radius: '999px',
      })),
    )
    // The description is announced with the label.
    const described = await page
      .getByText('Reconnect required', { exact: true })
      .evaluate((label) => label.parentElement!.getAttribute('aria-describedby'))
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      describeStatus('reconnect_required').description,
    )
  })

  it('re-renders when an attribute changes', async () => {
    await mount('<ibv-report-status-badge status="initiated"></ibv-report-status-badge>')
    const badge = page.locator('ibv-report-status-badge')
    await badge.evaluate((host) => host.setAttribute('status', 'complete'))
    await expect.poll(() => badge.locator('.ibv-badge').getAttribute('data-tone')).toBe('success')
    await badge.evaluate((host) => {
      host.setAttribute('audience', 'borrower')
      host.setAttribute('show-description', '')
    })
    expect(await badge.textContent()).toBe('CompleteYour report is ready.')
  })

  it('says each reason in both voices, with the link for staff to copy and for the borrower to open', async () => {
    const link = 'https://service.test/connect?link=lnk_ABC'
    const reasons = [
      'reconnect_required',
      'invalid_connection',
      'data_pull_failed',
      'refresh_not_ready',
    ]
    await mount(
      reasons
        .flatMap((reason) =>
          ['staff', 'borrower'].map(
            (audience) =>
              `<ibv-reconnect-prompt reason="${reason}" audience="${audience}" institution-name="Platypus Bank" connection-link="${link}"></ibv-reconnect-prompt>`,
          ),
        )
        .join(''),
    )
    const prompts = await page.locator('ibv-reconnect-prompt').evaluateAll((hosts) =>
      hosts.map((host) => ({
        reason: host.getAttribute('reason'),
        audience: host.getAttribute('audience'),
        title: host.querySelector('.ibv-reconnect__title')?.textContent,
        link: host.querySelector('code')?.textContent ?? host.querySelector('a')?.href ?? null,
        border: getComputedStyle(host.querySelector('.ibv-reconnect')!).borderLeftWidth,
      })),
    )
    expect(prompts.map(({ title }) => title)).toEqual([
      'Ask the applicant to reconnect Platypus Bank',
      'Reconnect your bank',
      'The connection to Platypus Bank stopped working',
      'The bank connection stopped working',
      'No bank data could be pulled from Platypus Bank',
      'We could not get your bank data',
      'The report was refreshed in the last 24 hours',
      'Your report was refreshed recently',
    ])
    // No link for the 24-hour wait: there is nothing to reconnect.
    expect(prompts.map(({ link: shown }) => shown)).toEqual([
      link,
      link,
      link,
      link,
      link,
      link,
      null,
      null,
    ])
    expect(new Set(prompts.map(({ border }) => border))).toEqual(new Set(['4px']))

    await mount(
      `<ibv-reconnect-prompt connection-link="${link}" consumer-name="Ada"></ibv-reconnect-prompt>`,
    )
    await page.evaluate(() => navigator.clipboard.writeText('something else'))
    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Link copied.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  })

  it('sends bubbling, composed events out of a shadow root, and never renders a javascript: link', async () => {
    const seen = await page.evaluate(() => {
      const events: Array<{ type: string; target: string; detail: unknown }> = []
      const record = (event: Event) => {
        const { detail } = event as CustomEvent<{ state?: string; error?: { code: string } }>
        events.push({
          type: event.type,
          target: (event.target as Element).tagName.toLowerCase(),
          detail: detail.state ?? detail.error?.code,
        })
      }
      document.addEventListener('ibv-state-change', record)
      document.addEventListener('ibv-error', record)
      const host = document.getElementById('root')!.appendChild(document.createElement('section'))
      const shadow = host.attachShadow({ mode: 'open' })
      const prompt = document.createElement('ibv-reconnect-prompt')
      prompt.setAttribute('connection-link', 'javascript:alert(document.cookie)')
      shadow.append(prompt)
      prompt.setAttribute('connection-link', 'https://service.test/connect?link=lnk_ABC')
      document.removeEventListener('ibv-state-change', record)
      document.removeEventListener('ibv-error', record)
      return { events, links: [...shadow.querySelectorAll('code')].map((code) => code.textContent) }
    })
    // Retargeted to the shadow root's host, as composed events are.
    expect(seen.events).toEqual([
      { type: 'ibv-error', target: 'section', detail: 'invalid_request' },
      { type: 'ibv-state-change', target: 'section', detail: 'error' },
      { type: 'ibv-state-change', target: 'section', detail: 'ready' },
    ])
    expect(seen.links).toEqual(['https://service.test/connect?link=lnk_ABC'])
  })
})
