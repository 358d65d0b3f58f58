import { afterEach, describe, expect, it } from 'vitest'
import { describeStatus, embeddedReportUrl, REPORT_STATUSES } from '../../src/core/index.js'

// Core runs in a real browser, and the portal address it builds survives the browser's own URL
// handling when set as an iframe source: the token arrives intact, nothing else is added.
afterEach(() => {
  document.body.replaceChildren()
})

describe('core in Chromium', () => {
  it('builds an iframe source whose token the browser reads back unchanged', () => {
    const token = 'eyJh+b/c=d&e f?g#h'
    const iframe = document.createElement('iframe')
    iframe.src = embeddedReportUrl(`${location.origin}/no-such-service/`, token)
    document.body.append(iframe)
    const src = new URL(iframe.src)
    expect(src.origin).toBe(location.origin)
    expect(src.pathname).toBe('/no-such-service/portal/embeddable_reports')
    expect(src.searchParams.get('token')).toBe(token)
    expect(src.hash).toBe('')
  })

  it('describes every status with text the browser can render', () => {
    const list = document.createElement('ul')
    for (const status of REPORT_STATUSES) {
      const item = document.createElement('li')
      item.textContent = describeStatus(status).label
      list.append(item)
    }
    document.body.append(list)
    expect(list.innerText.split('\n')).toEqual([
      'Started',
      'Reconnect required',
      'Data pull failed',
      'Generating report',
      'Report failed',
      'Complete',
    ])
  })
})
