// The flows' driver for WebKit: Debian's WebKitWebDriver under Xvfb (MiniBrowser refuses to run
// headless), driven by webdriverio over classic W3C WebDriver. One tab, one new MiniBrowser under a
// WebKitWebDriver of its own (a driver allows one session), so no cookie or storage is shared. The
// driver is stateful (one current window, one current frame); every call first switches to the
// surface it was made on.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { remote } from 'webdriverio'
import { miniBrowserPath, webkitDriverPath, xvfbRunPath } from '../../scripts/engines.mjs'
import { freePort } from '../../scripts/free-port.mjs'
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

type Session = WebdriverIO.Browser
type ElementRef = WebdriverIO.Element

/**
 * WebKitWebDriver on a free port, under `xvfb-run -a` (a display of its own), with `env` added to
 * ours. Its X authority file goes in `dir`: xvfb-run would make a temp dir for it and, stopped
 * with its process group, never remove it.
 */
async function startDriver(
  dir: string,
  env: Record<string, string>,
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort()
  const args = [
    '-a',
    '-f',
    join(dir, 'Xauthority'),
    webkitDriverPath(),
    `--port=${port}`,
    '--host=127.0.0.1',
  ]
  const child = spawn(xvfbRunPath(), args, {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, ...env },
  })
  await poll(
    `WebKitWebDriver on port ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`)
      return (await fetch(`http://127.0.0.1:${port}/status`).then((answer) => answer.ok)) || null
    },
    30_000,
  )
  return { port, child }
}

/**
 * A MiniBrowser under a WebKitWebDriver of its own: the driver allows one session at a time.
 * MiniBrowser saves a download at once, without asking, into the XDG download folder, which
 * GLib reads from $XDG_CONFIG_HOME/user-dirs.dirs (not from an XDG_DOWNLOAD_DIR variable), once;
 * with none, WebKit saves into $HOME itself. So each session has a config home of its own, whose
 * download folder `downloads` is only made when a tab takes the session: a link to the folder the
 * tab asks for, or a folder of the session's own, removed with it.
 */
async function startSession(): Promise<{
  session: Session
  downloads: string
  stop: () => Promise<void>
}> {
  const home = mkdtempSync(join(tmpdir(), 'ibv-webkit-'))
  const downloads = join(home, 'downloads')
  writeFileSync(join(home, 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`)
  const { port, child } = await startDriver(home, { XDG_CONFIG_HOME: home })
  const stopDriver = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
    rmSync(home, { recursive: true, force: true })
  }
  try {
    const session = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      connectionRetryCount: 1,
      // No browserName: WebKitWebDriver matches none. MiniBrowser in automation mode.
      capabilities: {
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    })
    return {
      session,
      downloads,
      stop: async () => {
        await session.deleteSession().catch(() => undefined)
        stopDriver()
      },
    }
  } catch (error) {
    stopDriver()
    throw error
  }
}

export async function launchWebKit(): Promise<EngineBrowser> {
  const running = new Set<() => Promise<void>>()
  const open = async () => {
    const started = await startSession()
    running.add(started.stop)
    return started
  }
  let spare: Awaited<ReturnType<typeof open>> | undefined = await open()
  const version = `MiniBrowser/${String(spare.session.capabilities.browserVersion ?? '?')}`
  return {
    engine: 'webkit',
    version,
    async newTab({ width = 1280, height = 900, downloads } = {}) {
      const { session, stop, downloads: saved } = spare ?? (await open())
      spare = undefined
      if (downloads) symlinkSync(downloads, saved)
      else mkdirSync(saved)
      await session.setWindowSize(width, height)
      const handle = await session.getWindowHandle()
      const state: SessionState = { session, current: undefined, claimed: new Set([handle]) }
      return tabOf(state, handle, async () => {
        running.delete(stop)
        await stop()
      })
    },
    async close() {
      await Promise.all([...running].map((stop) => stop()))
      running.clear()
    },
  }
}

/** An element reference that a script returned, as an element webdriverio can act on. */
async function elementOf(session: Session, reference: unknown): Promise<ElementRef | null> {
  return reference ? ((await session.$(reference as never)) as unknown as ElementRef) : null
}

interface SessionState {
  session: Session
  /** The window and frame path the driver is on now. */
  current: string | undefined
  /** The windows a tab stands for: any other is a popup not yet claimed. */
  claimed: Set<string>
}

function surfaceOf(state: SessionState, handle: string, frames: string[]): Surface {
  const { session } = state
  const key = [handle, ...frames].join('\u0000')
  const enter = async () => {
    if (state.current === key) return
    state.current = undefined
    await session.switchToWindow(handle)
    await session.switchFrame(null)
    for (const selector of frames) {
      const element = await elementOf(
        session,
        await session.execute(findInPage, selector, null, null, '', false),
      )
      if (!element) throw new Error(`No frame ${selector}`)
      await session.switchFrame(element)
    }
    state.current = key
  }
  const run = async <T>(script: (...args: never[]) => T, args: unknown[]): Promise<T> => {
    await enter()
    try {
      return (await session.execute(script as never, ...(args as never[]))) as T
    } catch (error) {
      // A frame that navigated or went away: enter it again next time.
      state.current = undefined
      throw error
    }
  }
  const find = async (target: Target, usable: boolean) =>
    elementOf(session, await run(findInPage, findArgs(target, usable)))
  const found = (target: Target, usable = true) =>
    poll(describeTarget(target), () => find(target, usable))
  return {
    async click(given) {
      const element = await found(targetOf(given))
      // Clicked where it will be, not where a smooth scroll had it (puppeteer-driver.ts).
      await session.execute(settled, element as never)
      await element.click()
    },
    async fill(given, value) {
      const element = await found(targetOf(given))
      await element.clearValue()
      await element.addValue(value)
    },
    async text(given) {
      // The element found (its text given), not the first that matches the selector.
      const element = await found(targetOf(given), false)
      return run(
        (node: HTMLElement) => (node.innerText ?? node.textContent ?? '').trim(),
        [element],
      )
    },
    async has(given) {
      return !!(await find(targetOf(given), false).catch(() => null))
    },
    waitFor: (what, check, args, timeout = WAIT) =>
      poll(what, () => run(check as never, args ?? []), timeout) as never,
    evaluate: (script, ...args) => run(script as never, args) as never,
    async frame(selector) {
      await found({ selector }, false)
      return surfaceOf(state, handle, [...frames, selector])
    },
  }
}

function tabOf(state: SessionState, handle: string, close: () => Promise<void>): Tab {
  const { session } = state
  const top = surfaceOf(state, handle, [])
  const focus = async () => {
    if (state.current?.split('\u0000').length === 1 && state.current === handle) return
    await session.switchToWindow(handle)
    await session.switchFrame(null)
    state.current = handle
  }
  return {
    ...top,
    async goto(url) {
      await focus()
      await session.url(url)
    },
    async url() {
      await focus()
      return session.getUrl()
    },
    async nextPopup(timeout = WAIT) {
      const opened = await poll(
        'a new window',
        async () =>
          (await session.getWindowHandles()).find((candidate) => !state.claimed.has(candidate)),
        timeout,
      )
      state.claimed.add(opened)
      return tabOf(state, opened, async () => {
        state.current = undefined
        await session.switchToWindow(opened)
        await session.closeWindow()
      })
    },
    async isOpen() {
      return (await session.getWindowHandles()).includes(handle)
    },
    async screenshot(path) {
      await focus()
      await writeFile(path, Buffer.from(await session.takeScreenshot(), 'base64'))
    },
    close,
  }
}
