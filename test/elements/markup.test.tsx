import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/react'
import {
  ConnectButton,
  EmbeddedReport,
  IbvProvider,
  ReconnectPrompt,
  ReportStatusBadge,
} from '../../src/index.js'
import { createBackendFetchers } from '../../src/core/fetchers.js'
import {
  REPORT_STATUSES,
  createConnectSession,
  type ConnectSessionSnapshot,
} from '../../src/core/index.js'
import { CONNECT_TEXT } from '../../src/core/messages.js'
import { ConnectDialog } from '../../src/react/ConnectDialog.js'
import { openConnectDialog } from '../../src/elements/connect-dialog.js'
import {
  IbvError,
  configureIbv,
  defineIbvElements,
  type IbvFetchers,
} from '../../src/elements/index.js'
import type { IbvAudience, ReconnectReason } from '../../src/elements/index.js'

// The elements render what the React components render (so styles.css themes both alike): the
// same markup, classes, data attributes and texts, ids aside.
beforeAll(() => defineIbvElements())
afterEach(() => {
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

/** The markup with every id (and the references to it) named by its order of appearance. */
function normalised(html: string): string {
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!)
  return ids.reduce((text, id, index) => text.replaceAll(`"${id}"`, `"id-${index}"`), html)
}

/** An element made from its attributes, connected, once it has rendered (a microtask after it joined the page). */
async function element(
  tag: string,
  attributes: Record<string, string | undefined>,
): Promise<HTMLElement> {
  const made = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) made.setAttribute(name, value)
  document.body.append(made)
  await Promise.resolve()
  return made
}

const link = 'https://service.test/connect?link=lnk_ABC'

describe('<ibv-report-status-badge> markup', () => {
  it.each(
    [...REPORT_STATUSES, 'archived', ''].flatMap(
      (status) =>
        [
          [status, 'staff'],
          [status, 'borrower'],
        ] as const,
    ),
  )("is the React badge's for %j (%s)", async (status, audience) => {
    const react = render(<ReportStatusBadge status={status} audience={audience} />).container
      .innerHTML
    const own = (await element('ibv-report-status-badge', { status, audience })).innerHTML
    expect(normalised(own)).toBe(normalised(react))
  })

  it('shows the description as text with show-description, as showDescription does', async () => {
    const react = render(<ReportStatusBadge status="complete" showDescription />).container
      .innerHTML
    expect(
      normalised(
        (await element('ibv-report-status-badge', { status: 'complete', 'show-description': '' }))
          .innerHTML,
      ),
    ).toBe(normalised(react))
  })
})

describe('<ibv-reconnect-prompt> markup', () => {
  const reasons: ReconnectReason[] = [
    'reconnect_required',
    'invalid_connection',
    'data_pull_failed',
    'refresh_not_ready',
  ]
  const audiences: IbvAudience[] = ['staff', 'borrower']
  it.each(reasons.flatMap((reason) => audiences.map((audience) => [reason, audience] as const)))(
    "is the React prompt's for %s (%s)",
    async (reason, audience) => {
      const react = render(
        <ReconnectPrompt
          connectionLink={link}
          institutionName="Platypus Bank"
          consumerName="Ada"
          reason={reason}
          audience={audience}
        />,
      ).container.innerHTML
      const own = (
        await element('ibv-reconnect-prompt', {
          'connection-link': link,
          'institution-name': 'Platypus Bank',
          'consumer-name': 'Ada',
          reason,
          audience,
        })
      ).innerHTML
      expect(normalised(own)).toBe(normalised(react))
    },
  )

  it("is the React prompt's with no link, no names, and with a hostile link", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const attributes of [
      {},
      { 'connection-link': 'javascript:alert(1)' },
      { 'connection-link': 'not a url', audience: 'borrower' },
    ]) {
      const props = {
        connectionLink: attributes['connection-link' as keyof typeof attributes],
        audience: attributes['audience' as keyof typeof attributes] as IbvAudience | undefined,
      }
      const react = render(<ReconnectPrompt {...props} />).container.innerHTML
      expect(normalised((await element('ibv-reconnect-prompt', attributes)).innerHTML)).toBe(
        normalised(react),
      )
    }
  })
})

describe('<ibv-connect-button> markup', () => {
  it("is the React button's", async () => {
    const react = render(
      <IbvProvider serviceUrl="https://service.test" fetchers={createBackendFetchers()}>
        <ConnectButton consumerId="LND-42" />
      </IbvProvider>,
    ).container.innerHTML
    expect((await element('ibv-connect-button', { 'consumer-id': 'LND-42' })).innerHTML).toBe(react)
  })

  it.each<ConnectSessionSnapshot>([
    { state: 'open', src: 'https://service.test/connect?token=t', height: 432 },
    { state: 'open', src: 'https://service.test/connect?token=t' },
    { state: 'unavailable', src: 'https://service.test/connect?token=t' },
  ])("has the React dialog's, %j", (snapshot) => {
    const session = createConnectSession({
      serviceUrl: 'https://service.test',
      // Never asked: the dialog is rendered from the snapshot given.
      getToken: () => Promise.reject(new Error('no token here')),
    })
    const react = render(
      <ConnectDialog session={session} snapshot={snapshot} text={CONNECT_TEXT} />,
    ).container.innerHTML
    document.body.replaceChildren()
    const host = document.body.appendChild(document.createElement('div'))
    const view = openConnectDialog(host, session, CONNECT_TEXT)
    // As the element does: the frame first, then what the session says next.
    view.update({ state: 'open', src: snapshot.src })
    view.update(snapshot)
    // The frame's style is set after it is made (its height comes later): attributes in any order.
    expect(sortedAttributes(host.innerHTML)).toBe(sortedAttributes(react))
  })
})

describe('<ibv-embedded-report> markup', () => {
  /**
   * The markup at each moment of a report whose tokens `token` mints: loading, then its frame
   * loading hidden, then shown at the height its portal said.
   */
  async function moments(root: () => HTMLElement): Promise<string[]> {
    const seen = [root().innerHTML]
    // A failing token route shows its alert after the token store's retries (1 s, 2 s, 4 s): the
    // element has no `retries` attribute to turn them off, as the React report's test does.
    await vi.waitFor(() => expect(root().querySelector('iframe, [role="alert"]')).not.toBeNull(), {
      timeout: 15_000,
    })
    seen.push(root().innerHTML)
    const frame = root().querySelector('iframe')
    if (!frame) return seen
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'ibv:resize', height: 480 },
        origin: 'https://service.test',
        source: frame.contentWindow,
      }),
    )
    // React renders it soon after, the element at once.
    await vi.waitFor(() => expect(root().querySelector('[data-state="ready"]')).not.toBeNull())
    seen.push(root().innerHTML)
    return seen
  }

  it.each<[string, string, IbvFetchers['token']]>([
    ['a report', 'IBV-1', async () => ({ access_token: 'tok_markup', expires_in: 1800 })],
    [
      'a token route that fails',
      'IBV-2',
      async () => Promise.reject(new IbvError('network', 'The server could not be reached.')),
    ],
  ])("is the React report's, for %s", async (_, id, token) => {
    const react = render(
      <IbvProvider serviceUrl="https://service.test" fetchers={{ token }}>
        <EmbeddedReport productRequestId={id} retries={0} minHeight="200px" />
      </IbvProvider>,
    )
    const expected = await moments(() => react.container)
    react.unmount()
    configureIbv({ serviceUrl: 'https://service.test', fetchers: { token } })
    const host = document.createElement('ibv-embedded-report')
    host.setAttribute('product-request-id', id)
    host.setAttribute('min-height', '200px')
    document.body.append(host)
    await Promise.resolve()
    // React patches a style declaration by declaration, the element sets it whole: in any order.
    expect((await moments(() => host)).map(sortedStyles)).toEqual(expected.map(sortedStyles))
  })

  it("is the React report's without a product request id", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const react = render(
      <IbvProvider serviceUrl="https://service.test" fetchers={createBackendFetchers()}>
        <EmbeddedReport productRequestId="" />
      </IbvProvider>,
    ).container.innerHTML
    expect((await element('ibv-embedded-report', {})).innerHTML).toBe(react)
  })
})

/** The markup with each style attribute's declarations in alphabetical order. */
const sortedStyles = (html: string) =>
  html.replace(
    /style="([^"]*)"/g,
    (_, style: string) => `style="${style.split(/;\s*/).filter(Boolean).sort().join('; ')}"`,
  )

/** The markup with each element's attributes in alphabetical order. */
function sortedAttributes(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const node of template.content.querySelectorAll('*')) {
    const attributes = [...node.attributes]
      .map(({ name, value }) => [name, value] as const)
      .sort(([a], [b]) => a.localeCompare(b))
    for (const [name] of attributes) node.removeAttribute(name)
    for (const [name, value] of attributes) node.setAttribute(name, value)
  }
  return template.innerHTML
}
