// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

// The layer rules (docs/architecture.md, "Layers") are lint rules; these tests show they catch a violation.
const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('layer rules', () => {
  it.each([
    ['src/react/Thing.tsx', "import { createSandbox } from '../sandbox/index.js'"],
    ['src/react/Thing.tsx', "import { createIbvClient } from '../server/client.js'"],
    ['src/react/deep/Thing.tsx', "import x from '../../server/index.js'"],
    ['src/react/Thing.tsx', "import { Hono } from 'hono'"],
    ['src/react/Thing.tsx', "import * as z from 'zod'"],
    ['src/index.ts', "export * from './server/index.js'"],
    ['src/core/thing.ts', "import { useState } from 'react'"],
    ['src/core/thing.ts', "import { QueryClient } from '@tanstack/react-query'"],
    ['src/core/thing.ts', "import { Hono } from 'hono'"],
    ['src/core/thing.ts', "import { readFileSync } from 'node:fs'"],
    ['src/core/thing.ts', "import { x } from '../react/x.js'"],
    ['src/server/thing.ts', "import { createSandbox } from '../sandbox/index.js'"],
    ['src/server/thing.ts', "import { useState } from 'react'"],
    ['src/sandbox/thing.ts', "import { createIbvClient } from '../server/index.js'"],
    ['src/sandbox/thing.ts', "import { EmbeddedReport } from '../react/EmbeddedReport.js'"],
    ['src/server/thing.ts', "import { createClient } from 'redis'"],
    ['src/server/thing.ts', "import { createClient } from '@redis/client'"],
    ['src/server/index.ts', "export * from './redis/index.js'"],
    ['src/server/redis/thing.ts', "import { createSandbox } from '../../sandbox/index.js'"],
    ['src/elements/thing.ts', "import { ReportStatusBadge } from '../react/ReportStatusBadge.js'"],
    ['src/elements/thing.ts', "import { useState } from 'react'"],
    ['src/elements/thing.ts', "import { createIbvClient } from '../server/index.js'"],
    ['src/elements/thing.ts', "import * as z from 'zod'"],
    ['src/elements/thing.ts', "import { readFileSync } from 'node:fs'"],
    ['src/core/thing.ts', "import { defineIbvElements } from '../elements/index.js'"],
    ['src/react/Thing.tsx', "import { configureIbv } from '../elements/config.js'"],
    ['src/locales/de.ts', "import { IbvError } from '../core/errors.js'"],
    ['src/locales/de.ts', "import { en } from '../core/english.js'"],
    ['src/locales/de.ts', "import { es } from './es.js'"],
    ['src/locales/de.ts', "import { useState } from 'react'"],
    ['src/locales/en.ts', "import { IbvError } from '../core/errors.js'"],
  ])('%s may not: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport const used = 1\n`)).toHaveLength(1)
  })

  it.each([
    ['src/react/Thing.tsx', "import { describeStatus } from '../core/index.js'"],
    ['src/react/Thing.tsx', "import * as z from 'zod/mini'"],
    ['src/server/thing.ts', "import { parseWebhook } from '../core/index.js'"],
    ['src/sandbox/thing.ts', "import { Hono } from 'hono'"],
    ['src/core/thing.ts', "import * as z from 'zod/mini'"],
    ['src/core/thing.ts', "import { IbvError } from './errors.js'"],
    ['src/server/redis/thing.ts', "import { createClient } from 'redis'"],
    ['src/server/redis/thing.ts', "import type { WebhookStore } from '../webhook-store.js'"],
    ['src/elements/thing.ts', "import { describeStatus } from '../core/index.js'"],
    ['src/locales/de.ts', "import type { IbvLocale } from '../core/locale.js'"],
    ['src/locales/en.ts', "import { en } from '../core/english.js'"],
  ])('%s may: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport const used = 1\n`)).toEqual([])
  })

  it('keeps tokens out of web storage in src/react', async () => {
    const [result] = await eslint.lintText("localStorage.setItem('token', 't')\n", {
      filePath: 'src/react/store.ts',
    })
    expect(result?.messages.map((message) => message.ruleId)).toContain('no-restricted-globals')
  })
})
