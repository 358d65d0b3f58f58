import '../../src/styles.css'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { ReconnectPrompt } from '../../src/index.js'

// <ReconnectPrompt> in Chromium rendered any http: link, so a link a network attacker could read
// or rewrite was offered to the borrower. Only https: links are rendered, and http: on this
// computer (127.0.0.1, localhost, [::1]) for the sandbox.
afterEach(cleanup)

describe('<ReconnectPrompt> link schemes in Chromium', () => {
  it.each([
    'http://connect.example/ibv?link=lnk_1',
    'http://10.0.0.7/connect',
    'http://127.0.0.1.evil.example/connect',
    'http://localhost.evil.example/connect',
  ])('renders no link for %s, for staff and borrower, and logs the scheme only', (link) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    for (const audience of ['staff', 'borrower'] as const) {
      render(
        <ReconnectPrompt
          audience={audience}
          institutionName="Platypus Bank"
          connectionLink={link}
        />,
      )
      const region = screen.getByRole('region')
      expect(region.textContent).toMatch(/Platypus Bank/)
      expect(screen.queryByRole('link')).toBeNull()
      expect(region.textContent).not.toContain(link)
      cleanup()
    }
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('(got a http: link)'))
    expect(String(errors.mock.calls[0]?.[0])).not.toContain('example')
    errors.mockRestore()
  })

  it.each([
    'https://connect.example/ibv?link=lnk_1',
    'http://127.0.0.1:5173/connect?link=lnk_1',
    'http://localhost:5173/connect',
    'http://[::1]:5173/connect',
  ])('renders %s', (link) => {
    render(
      <ReconnectPrompt audience="borrower" institutionName="Platypus Bank" connectionLink={link} />,
    )
    expect(screen.getByRole('link', { name: /Reconnect/ }).getAttribute('href')).toBe(
      new URL(link).href,
    )
  })
})
