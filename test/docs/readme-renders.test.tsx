// The README's rendered examples (```tsx render="…" blocks, README "How the README is checked"):
// each is written out as the module a lender would paste, imported (`ibv-kit` resolves to src/
// through the unit project's aliases), and its default export rendered with its network answered
// by the in-process sandbox and backend of `ibv-kit/testing` over MSW. Each `render` text must
// then be on screen. `npm run check:docs` type-checks the same blocks against dist/.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { ComponentType } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { allBlocks } from '../../scripts/docs-blocks.mjs'
import { createIbvTestEnvironment, ibvHandlers } from '../../src/testing/index.js'

// import.meta.dirname, not new URL(…): jsdom replaces the global URL, which fileURLToPath refuses.
const root = resolve(import.meta.dirname, '..', '..')
const generated = join(root, 'test', 'docs', '.generated')
const blocks = allBlocks(root).filter((block) => block.renders.length > 0)

// The main example ("Connect, refresh, report data, live updates") is also driven through a connect.
const main = blocks.find((block) => block.code.includes('function Applicant('))
// The sandbox pretends to be the service at the main example's own serviceUrl: the widget's
// messages count only from that origin (the other examples' serviceUrl matters only for iframe src).
const serviceUrl = /serviceUrl="([^"]+)"/.exec(main?.code ?? '')?.[1]
const env = createIbvTestEnvironment({ serviceUrl })
const server = setupServer(...ibvHandlers(env))
/** Every request the app made, to show that its relative `/api/ibv/…` calls went through MSW. */
const requests: string[] = []
server.events.on('request:start', ({ request }) => void requests.push(`${request.method} ${request.url}`))

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  mkdirSync(generated, { recursive: true })
})
afterAll(() => {
  server.close()
  env.close()
  rmSync(generated, { recursive: true, force: true })
})

/** The lender's functions a block declares (`declare function emailLink(…)`), by name, with their calls. */
const placeholderCalls: { name: string; args: unknown[] }[] = []
Object.assign(globalThis, { __readmePlaceholderCalls: placeholderCalls })

/**
 * Writes a block out as a module inside the repository (so Vite resolves its imports) and imports
 * it. A declared function has no body at run time: one that records its calls is appended (after
 * the block's last line, so the line numbers of errors stay the README's).
 */
async function load(block: (typeof blocks)[number]): Promise<ComponentType> {
  const file = join(generated, `${block.id.replace(/\W+/g, '_')}.${block.lang}`)
  const declared = [...block.code.matchAll(/^declare function (\w+)/gm)].map((match) => match[1])
  const stubs = declared.map((name) => `function ${name}(...args: unknown[]) { (globalThis as any).__readmePlaceholderCalls.push({ name: '${name}', args }) }`)
  writeFileSync(file, [block.code.replace(/^declare function .*$/gm, ''), ...stubs].join('\n'))
  const module = (await import(/* @vite-ignore */ file)) as { default?: unknown }
  if (typeof module.default !== 'function') throw new Error(`${block.id}: a render="…" block must default-export a component`)
  return module.default as ComponentType
}

describe('README examples render what the text says', () => {
  it('there are examples to render', () => {
    expect(blocks.length).toBeGreaterThan(0)
  })

  it.each(blocks.map((block) => ({ ...block, name: `${block.id}: ${block.renders.map((text) => `"${text}"`).join(', ')}` })))('$name', async (block) => {
    const App = await load(block)
    render(<App />)
    for (const text of block.renders) expect(await screen.findByText(text), `${block.id}: "${text}"`).toBeTruthy()
  })

  it('the main example connects through its own relative /api/ibv fetchers, answered by the sandbox', async () => {
    if (!main) throw new Error('README: the "Connect, refresh, report data, live updates" example is not a render block')
    const App = await load(main)
    render(<App />)
    requests.length = 0
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }))
    await screen.findByRole('dialog', { name: 'Connect your bank' })
    expect(requests).toContain(`POST ${env.appOrigin}/api/ibv/tokens`)
    const productRequestId = await env.connect('LND-42')
    await env.advance(6)
    // The status badge, and the report itself (<ReportView>, whose summary has the badge again).
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeTruthy()
    expect(screen.getAllByText('Complete')).toHaveLength(2)
    expect(requests).toContain(`GET ${env.appOrigin}/api/ibv/reports/${productRequestId}`)
  })
})
