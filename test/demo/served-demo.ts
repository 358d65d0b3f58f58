import { afterAll, beforeAll } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'

/** The demo a test file drives: `base` has no trailing slash; `browser` is there when asked for. */
export interface ServedDemo {
  base: string
  browser: Browser
}

/**
 * The demo as `npm run dev` serves it (the page, the sandbox and the demo backend on one Vite
 * server on 127.0.0.1, a free port), started before the file's tests and stopped after them, with
 * a headless Chromium when `browser` is set. Each file gets its own: the tests move the sandbox's
 * clock and change its applicants.
 */
export function servedDemo({ browser = false } = {}): ServedDemo {
  const demo = {} as ServedDemo
  let server: ViteDevServer | undefined
  beforeAll(async () => {
    server = await createServer({
      configFile: 'vite.config.ts',
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    })
    await server.listen()
    demo.base = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '')
    if (browser)
      demo.browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  }, 30_000)
  afterAll(async () => {
    await demo.browser?.close()
    await server?.close()
  })
  return demo
}

/**
 * The names of the demo detail's primary actions: the buttons and links drawn as the default
 * theme's primary button, filled with the accent colour. The others are outlined (secondary).
 */
export const primaryActions = (page: Page) =>
  page.locator('.detail').evaluate((detail) => {
    const probe = document.createElement('span')
    probe.style.backgroundColor = 'var(--ibv-color-accent)'
    detail.append(probe)
    const accent = getComputedStyle(probe).backgroundColor
    probe.remove()
    return [...detail.querySelectorAll<HTMLElement>('button, a[href]')]
      .filter(
        (element) =>
          element.offsetParent !== null && getComputedStyle(element).backgroundColor === accent,
      )
      .map((element) => element.textContent?.trim())
  })
