import { afterEach } from 'vitest'
import { commands } from 'vitest/browser'
import type { BrokenMode } from './broken-service.js'

/**
 * For a browser test file: starts broken services (`startBrokenService`, run on the test server)
 * that forward to the sandbox once they work again, and stops them after each test.
 */
export function brokenServices() {
  const started: string[] = []
  afterEach(async () => {
    for (const id of started.splice(0)) await commands.stopBrokenService(id)
  })
  return async function brokenService(mode: BrokenMode) {
    const service = await commands.startBrokenService(mode, location.origin, '/ibv-sandbox')
    started.push(service.id)
    return service
  }
}
