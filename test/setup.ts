import { afterEach, beforeEach } from 'vitest'

// Vitest globals are off, so Testing Library cannot register its own cleanup (CONTRIBUTING.md,
// "Toolchain pitfalls"). Loaded only where there is a DOM: a Node-only test file does not pay for
// Testing Library and React DOM at its start.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  afterEach(cleanup)
  // `waitFor` and `findBy*` give up after 5 s, not Testing Library's 1 s: on a loaded machine a real
  // frame's first message took longer than 1 s once (a clean run with both cores busy). A condition
  // that holds returns at once; one that never holds still fails.
  configure({ asyncUtilTimeout: 5000 })
  // What one test noted in the tab's storage (a trip to a bank on the redirect path) must not reach
  // the next: the Node and jsdom projects' files share their worker (`isolate: false`), and the
  // tests of a browser file, or the stories of a stories file, share a page.
  // Before each test too: a write that lands after a test ended (an awaited token, then the note)
  // would otherwise reach the next.
  const clearStorage = () => {
    sessionStorage.clear()
    localStorage.clear()
  }
  beforeEach(clearStorage)
  afterEach(clearStorage)
}
