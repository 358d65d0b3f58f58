import { describe, expect, it } from 'vitest'
import { version } from 'react'
import { version as domVersion } from 'react-dom'

// Runs in both unit projects: proves each really renders with the React it claims.
describe('React under test', () => {
  it('is one React, 18 or 19, with the matching React DOM', () => {
    expect(version.split('.')[0]).toMatch(/^(18|19)$/)
    expect(domVersion).toBe(version)
    console.info(`React ${version}`)
  })
})
