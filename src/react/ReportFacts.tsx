'use client'
import type { ReactNode } from 'react'

/** One fact: its label and its value. */
export type Fact = [label: string, value: ReactNode]

/**
 * Facts of a report or an account as a `<dl>`. Each pair sits in a `display: contents` group
 * (valid HTML), so the theme's grid lays out the `<dt>`s and `<dd>`s as two columns.
 */
export function ReportFacts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="ibv-report-view__facts">
      {facts.map(([label, value], index) => (
        <div key={index} className="ibv-report-view__fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
