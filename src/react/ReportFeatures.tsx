'use client'
import type { IbvItem } from '../core/index.js'
import { formatValue, sortedFeatures } from './format.js'
import type { REPORT_VIEW_TEXT } from './messages.js'

export interface ReportFeaturesProps {
  item: IbvItem
  filter: string
  numbers: Intl.NumberFormat
  messages: typeof REPORT_VIEW_TEXT
}

/**
 * One item's features as a two-column table, in natural order, keeping the names that contain the
 * filter. The value column has a fixed width (in the theme), so it sits at the same place in
 * every account.
 */
export function ReportFeatures({ item, filter, numbers, messages }: ReportFeaturesProps) {
  const names = sortedFeatures(item.data, filter)
  return (
    <div className="ibv-report-view__item">
      <h4>
        {item.item_name} <small>{item.item_code} · v{item.item_version}</small>
      </h4>
      {names.length === 0 ? (
        <p className="ibv-report-view__no-match">{messages.noFeatureMatches}</p>
      ) : (
        <table>
          <caption className="ibv-visually-hidden">
            {messages.features}: {item.item_name}
          </caption>
          <thead>
            <tr>
              <th scope="col">{messages.feature}</th>
              <th scope="col">{messages.value}</th>
            </tr>
          </thead>
          <tbody>
            {names.map((name) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{formatValue(item.data[name], numbers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
