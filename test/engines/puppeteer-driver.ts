// The flows' driver for Chromium (Debian's, over CDP) and Firefox (Debian's ESR, over WebDriver
// BiDi), both through puppeteer-core: no browser is downloaded.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, {
  type BrowserContext,
  type ElementHandle,
  type Frame,
  type Page,
  type Target as PageTarget,
} from 'puppeteer-core'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'
import { firefoxPath } from '../../scripts/engines.mjs'
import {
  WAIT,
  describeTarget,
  findArgs,
  findInPage,
  poll,
  settled,
  targetOf,
  type EngineBrowser,
  type Surface,
  type Tab,
  type Target,
} from './driver.ts'

export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  // Popup blockers on, as people have them (puppeteer turns them off by default; WebKit's stays on).
  if (engine === 'firefox') return launchFirefox()
  const browser = await puppeteer.launch({
    browser: 'chrome',
    executablePath: chromiumPath(),
    args: chromiumArgs,
    headless: true,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  })
  return {
    engine,
    version: await browser.version(),
    async newTab({ width = 1280, height = 900, downloads } = {}) {
      const context = await browser.createBrowserContext(
        downloads ? { downloadBehavior: { policy: 'allow', downloadPath: downloads } } : {},
      )
      return openTab(context, width, height)
    },
    close: () => browser.close(),
  }
}

/**
 * Firefox saves downloads by preference, not by BiDi's `browser.setDownloadBehavior`, which
 * Debian's Firefox 140 ESR lacks (153 has it): every download goes, without asking, to a
 * `downloads` link in a folder of the browser's own, pointed at the folder the latest tab asks for.
 */
async function launchFirefox(): Promise<EngineBrowser> {
  const home = mkdtempSync(join(tmpdir(), 'ibv-firefox-'))
  const saved = join(home, 'downloads')
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    extraPrefsFirefox: {
      'dom.disable_open_during_load': true,
      'browser.download.dir': saved,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  })
  // Its folder goes with the process that started it, closed or not (flow.ts keeps it open).
  process.once('exit', () => rmSync(home, { recursive: true, force: true }))
  return {
    engine: 'firefox',
    version: await browser.version(),
    async newTab({ width = 1280, height = 900, downloads } = {}) {
      if (downloads) {
        rmSync(saved, { recursive: true, force: true })
        symlinkSync(downloads, saved)
      }
      return openTab(await browser.createBrowserContext(), width, height)
    },
    async close() {
      await browser.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

async function openTab(context: BrowserContext, width: number, height: number): Promise<Tab> {
  const page = await context.newPage()
  findFramesByScan(page.mainFrame())
  // Firefox 140 ESR sets the viewport but lacks the screen orientation command puppeteer sends with it.
  await page.setViewport({ width, height }).catch((error: unknown) => {
    if (!String(error).includes('unknown command emulation.setScreenOrientationOverride'))
      throw error
  })
  return tabOf(page, () => context.close())
}

/**
 * Firefox 140 ESR's BiDi cannot locate a frame's element (`locateNodes` by context), which
 * puppeteer asks for to click inside a frame: there, the frame's element is found as puppeteer
 * does over CDP, by asking each frame element of the parent for its content frame.
 */
function findFramesByScan(frame: Frame): void {
  const prototype = Object.getPrototypeOf(frame) as {
    frameElement(this: Frame): Promise<ElementHandle<HTMLIFrameElement> | null>
    scanned?: true
  }
  if (prototype.scanned) return
  const located = prototype.frameElement
  prototype.scanned = true
  prototype.frameElement = async function (this: Frame) {
    try {
      return await located.call(this)
    } catch (error) {
      const parent = this.parentFrame()
      if (!parent || !String(error).includes('locator.type')) throw error
      for (const element of await parent.$$('iframe, frame')) {
        if ((await element.contentFrame()) === this)
          return element as ElementHandle<HTMLIFrameElement>
        await element.dispose()
      }
      return null
    }
  }
}

function surfaceOf(frame: () => Frame): Surface {
  const find = async (target: Target, usable: boolean) => {
    const handle = await frame().evaluateHandle(findInPage, ...findArgs(target, usable))
    const element = handle.asElement() as ElementHandle<Element> | null
    if (!element) await handle.dispose()
    return element
  }
  const found = (target: Target, usable = true) =>
    poll(describeTarget(target), () => find(target, usable))
  const surface: Surface = {
    async click(given) {
      const element = await found(targetOf(given))
      // Clicked where it will be: a page that scrolls smoothly (the demo bringing a detail into
      // view on a phone) would move it between puppeteer's measure and its click.
      await element.evaluate(settled)
      await element.click()
      await element.dispose()
    },
    async fill(given, value) {
      const element = await found(targetOf(given))
      await element.click({ count: 3 })
      await element.evaluate((input) => ((input as HTMLInputElement).value = ''))
      await element.type(value)
      await element.dispose()
    },
    async text(given) {
      const element = await found(targetOf(given), false)
      const text = await element.evaluate((node) =>
        ((node as HTMLElement).innerText ?? node.textContent ?? '').trim(),
      )
      await element.dispose()
      return text
    },
    async has(given) {
      const element = await find(targetOf(given), false).catch(() => null)
      await element?.dispose()
      return !!element
    },
    waitFor: (what, check, args, timeout = WAIT) =>
      poll(
        what,
        () => frame().evaluate(check as never, ...((args ?? []) as never[])),
        timeout,
      ) as never,
    evaluate: (script, ...args) =>
      frame().evaluate(script as never, ...(args as unknown as never[])) as never,
    async frame(selector) {
      const element = await found({ selector }, false)
      const inner = await element.contentFrame()
      if (!inner) throw new Error(`${selector} is not a frame`)
      // The frame is kept across its navigations; asked again if its element was replaced.
      let current = inner
      return surfaceOf(() => (current.detached ? (current = inner) : current))
    },
  }
  return surface
}

function tabOf(page: Page, close: () => Promise<void>): Tab {
  return {
    ...surfaceOf(() => page.mainFrame()),
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' })
    },
    url: async () => page.url(),
    // Any new page in the tab's own context: `page.on('popup')` misses, over BiDi, a window
    // opened from inside a frame (its opener is the frame's context, not the page's).
    nextPopup: (timeout = WAIT) =>
      new Promise<Tab>((resolve, reject) => {
        const context = page.browserContext()
        const done = () => {
          clearTimeout(timer)
          context.off('targetcreated', opened)
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`No window opened within ${timeout / 1000} s.`))
        }, timeout)
        const opened = (target: PageTarget) => {
          if (target.type() !== 'page') return
          done()
          target
            .page()
            .then(
              (popup) =>
                popup
                  ? resolve(tabOf(popup, () => popup.close()))
                  : reject(new Error('A window opened that cannot be driven.')),
              reject,
            )
        }
        context.on('targetcreated', opened)
      }),
    isOpen: async () => !page.isClosed(),
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` })
    },
    close,
  }
}
