// Builds the flows' app once for the whole run (app.ts) and hands its dir to every test file.
import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { buildEnginesApp } from './app.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    enginesApp: string
  }
}

export default async function setup(project: TestProject) {
  const dir = await buildEnginesApp()
  project.provide('enginesApp', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
