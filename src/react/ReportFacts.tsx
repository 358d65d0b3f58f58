'use client'
import type { ReactNode } from 'react'

/** One fact: its label, its value, and whether the value is personal data. */
export type Fact = [label: string, value: ReactNode, personal?: boolean]

/**
 * Facts of a report or an account as a `<dl>`. Each pair sits in a `display: contents` group
 * (valid HTML), so the theme's grid lays out the `<dt>`s and `<dd>`s as two columns.
 */
export function ReportFacts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="ibv-report-view__facts">
      {facts.map(([label, value, personal], index) => (
        <div key={index} className="ibv-report-view__fact">
          <dt>{label}</dt>
          <dd data-personal={personal}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
