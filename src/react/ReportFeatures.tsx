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
 * A number split at its decimal point, the fraction in a span of fixed width (in the theme), so
 * the points of a column line up however many fraction digits each value has (0 to 4).
 */
function value(data: unknown, numbers: Intl.NumberFormat) {
  const text = formatValue(data, numbers)
  if (typeof data !== 'number') return text
  const point = numbers.format(0.5)[1] ?? '.'
  const [whole, fraction] = text.split(point)
  return [whole, <span key="" className="ibv-report-view__fraction">{fraction && point + fraction}</span>]
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
                {/* Long snake_case names break after an underscore before anywhere else. */}
                <th scope="row">{name.match(/[^_]*_*/g)?.map((part, index) => [part, <wbr key={index} />])}</th>
                <td>{value(item.data[name], numbers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
