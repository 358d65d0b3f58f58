// The ```tsx render="TEXT" blocks for scripts/run-docs-examples.mjs: each pasted with the named
// blocks of its page under docs-run/ of the quick start app, served by its Vite server (so against
// the README's sandbox and backend), opened in its own Chromium page; for every TEXT an element's
// whole text must be TEXT (`*`: any text; `connect`: absent until the widget is completed, then
// shown), and the block must not throw.
import { join } from 'node:path'
import { renderPattern } from '../docs-blocks.mjs'
import { slug, write, writeWithNeighbours } from './paste-blocks.mjs'
import { WAIT, fail, step } from './report.mjs'
import { TEMPLATE } from './vite-template.mjs'

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */

/**
 * Writes docs-run/ in the app: each block's folder, and a page loading the block `?block=<id>` names.
 * @param {string} appDir
 * @param {DocBlock[]} blocks every block
 * @param {DocBlock[]} renders the render="…" blocks
 */
export function writeRenderPages(appDir, blocks, renders) {
  const harness = join(appDir, 'docs-run')
  const entries = renders.map((block) => {
    const file = writeWithNeighbours(blocks, block, join(harness, slug(block)), 'block.tsx')
    return `  ${JSON.stringify(block.id)}: () => import(${JSON.stringify(`./${file.slice(harness.length + 1)}`)}),`
  })
  write(
    join(harness, 'index.html'),
    TEMPLATE['index.html']
      .replace('/src/main.tsx', '/docs-run/main.tsx')
      .replace('my-lender-app', 'docs blocks'),
  )
  write(
    join(harness, 'main.tsx'),
    `import { StrictMode, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'

const blocks: Record<string, () => Promise<{ default?: unknown }>> = {
${entries.join('\n')}
}
const id = new URLSearchParams(location.search).get('block') ?? ''
const load = blocks[id]
if (!load) throw new Error('no block ' + id)
const module = await load()
if (typeof module.default !== 'function') throw new Error(id + ': a render="…" block must default-export a component')
const Block = module.default as ComponentType
createRoot(document.getElementById('root')!).render(<StrictMode><Block /></StrictMode>)
`,
  )
}

/**
 * Renders each block on its page of docs-run/ and waits for its texts.
 * @param {Awaited<ReturnType<typeof import('./browser-pages.mjs').openBrowser>>} browser
 * @param {string} base the app's address
 * @param {DocBlock[]} blocks every block
 * @param {DocBlock[]} renders the render="…" blocks
 */
export async function renderBlocks(browser, base, blocks, renders) {
  for (const block of renders) {
    await step(
      `${block.id}: render${block.connect ? ' after connect' : ''}, ${block.renders.map((text) => `"${text}"`).join(', ')}`,
      async () => {
        const pasted = [
          block,
          ...blocks.filter(
            (other) => other.doc === block.doc && other.name && other.line < block.line,
          ),
        ]
        const { page, errors, expectTo, close } = await browser.openPage(pasted)
        await expectTo(
          `${block.id}: the page did not load`,
          page.goto(`${base}/docs-run/index.html?block=${encodeURIComponent(block.id)}`),
        )
        // An element whose WHOLE text is TEXT (renderPattern): a part of a longer text does not count.
        const shown = (/** @type {string} */ text) => {
          const pattern = renderPattern(text)
          return (
            typeof pattern === 'string'
              ? page.getByText(pattern, { exact: true })
              : page.getByText(pattern)
          ).first()
        }
        if (block.connect) {
          const button = page.getByRole('button', { name: 'Connect bank' }).first()
          await expectTo(
            `${block.id}: no "Connect bank" button to connect with`,
            button.waitFor({ timeout: WAIT }),
          )
          // Before connecting, each text must be absent: else the check would pass without the widget.
          for (const text of block.renders) {
            if ((await shown(text).count()) > 0)
              fail(
                `${block.id}: render="${text}" shows before connecting, so it cannot tell that connecting worked: pick a text only the connected page has`,
              )
          }
          await expectTo(
            `${block.id}: could not press "Connect bank"`,
            button.click({ timeout: WAIT }),
          )
          await browser.connect(page, expectTo, block.id)
        }
        for (const text of block.renders)
          await expectTo(
            `${block.id}: render="${text}" never showed as an element's whole text`,
            shown(text).waitFor({ timeout: WAIT }),
          )
        const pageErrors = errors.filter((error) => error.startsWith('page error'))
        if (pageErrors.length > 0)
          fail(`${block.id}: the block threw while rendering:\n${pageErrors.join('\n')}`)
        await close()
      },
    )
  }
}
