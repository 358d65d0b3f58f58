// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest'
import { withCustomConfig, type ComponentDoc } from 'react-docgen-typescript'
import config from '../../.storybook/main.ts'

// Storybook's docs pages come from this docgen: JSDoc tags must arrive as tags (the Default
// column, no literal "@default" / "@example" in a description), and only our own props listed.
const COMPONENTS = [
  'EmbeddedReport',
  'ReportStatusBadge',
  'ReconnectPrompt',
  'ConnectButton',
  'RefreshReportButton',
  'ReportView',
]

describe('Storybook docs configuration', () => {
  let docs: ComponentDoc[] = []
  beforeAll(() => {
    // One TypeScript program for every component: building one per file takes seconds each.
    const parser = withCustomConfig('tsconfig.json', {
      ...config.typescript?.reactDocgenTypescriptOptions,
      savePropValueAsString: true,
    })
    docs = parser.parse(COMPONENTS.map((name) => `src/react/${name}.tsx`))
  }, 60_000)

  it('uses the TypeScript docgen, which reads JSDoc tags as tags', () => {
    expect(config.typescript?.reactDocgen).toBe('react-docgen-typescript')
  })

  it.each(COMPONENTS)(
    '%s: descriptions without literal tags, defaults in the Default column, no HTML attributes',
    (name) => {
      const doc = docs.find((component) => component.displayName === name)
      expect(doc, name).toBeDefined()
      const texts = [
        doc?.description ?? '',
        ...Object.values(doc?.props ?? {}).map((prop) => prop.description),
      ]
      for (const text of texts) expect(text).not.toMatch(/@(default|example)\b/)
      expect(Object.keys(doc?.props ?? {})).not.toContain('onClick')
    },
  )

  it('fills the Default column from @default', () => {
    const doc = docs.find((component) => component.displayName === 'EmbeddedReport')
    expect(doc?.props.renewLeadSeconds?.defaultValue).toEqual({ value: '120' })
  })

  it('sends no telemetry and shows no onboarding checklist', () => {
    expect(config.core).toMatchObject({ disableTelemetry: true })
    expect(config.features).toMatchObject({ sidebarOnboardingChecklist: false })
  })
})
