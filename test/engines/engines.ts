// Starts an engine by name for the three-engine flows.
import type { EngineBrowser, EngineName } from './driver.ts'
import { launchPuppeteer } from './puppeteer-driver.ts'
import { launchWebKit } from './webdriver-driver.ts'

export function launchEngine(engine: EngineName): Promise<EngineBrowser> {
  return engine === 'webkit' ? launchWebKit() : launchPuppeteer(engine)
}
