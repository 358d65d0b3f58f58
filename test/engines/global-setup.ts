// Builds the flows' app once for the whole run (app.ts) and hands its dir to every test file;
// empties the screenshot folder of the last run.
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { buildEnginesApp } from './app.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    enginesApp: string
  }
}

/** The flows' screenshots (flow.ts): each flow's named ones, and those of a failure. Emptied as a run starts. */
export const REPORTS = fileURLToPath(new URL('../../reports/engines/', import.meta.url))

export default async function setup(project: TestProject) {
  rmSync(REPORTS, { recursive: true, force: true })
  const dir = await buildEnginesApp()
  project.provide('enginesApp', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
