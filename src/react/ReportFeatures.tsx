'use client'
import type { ReactNode } from 'react'
import type { IbvItem } from '../core/index.js'
import { entry, featureKind, fill, formatValue, type NumberFormats } from './format.js'
import type { REPORT_VIEW_TEXT } from '../core/report-view-text.js'

/** How `<ReportView>` names features and writes their values, made once per render. */
export interface FeatureLook {
  formats: NumberFormats
  /** A feature's label, or its name when it has none. */
  label: (name: string) => string
  /** `<ReportView formatFeature>`. */
  format: ((name: string, value: unknown, formatted: string) => ReactNode) | undefined
  /** A name sent without a label (an account type), as shown: in words, or as sent. */
  words: (name: unknown) => string
}

export interface ReportFeaturesProps {
  item: IbvItem
  /** The names of the features to show, in order. */
  names: string[]
  look: FeatureLook
  messages: typeof REPORT_VIEW_TEXT
}

/** Long snake_case names break after an underscore before anywhere else. */
const breakable = (name: string) =>
  name.match(/[^_]*_*/g)?.map((part, index) => [part, <wbr key={index} />])

/**
 * A value in the format its name calls for, or as `formatFeature` writes it. A number is split at
 * its decimal point, the fraction (and what follows it, a currency sign) in a span of fixed width
 * (in the theme), so the points of a column line up whatever the format.
 */
function value(name: string, data: unknown, { formats, format }: FeatureLook) {
  const numbers = formats[featureKind(name)]
  const text = formatValue(data, numbers)
  const own = format?.(name, data, text)
  if (own !== undefined || typeof data !== 'number') return own ?? text
  let whole = ''
  for (const part of numbers.formatToParts(data)) {
    if (part.type === 'decimal') break
    whole += part.value
  }
  return [
    whole,
    <span key="" className="ibv-report-view__fraction">
      {text.slice(whole.length)}
    </span>,
  ]
}

/**
 * One item's features as a two-column table: `names`, those the filter keeps, in natural order. A
 * feature reads by its label, its raw name under it in small type (shown, selectable, and the same
 * as in the CSV). The value column has a fixed width (in the theme), so it sits at the same place
 * in every account.
 */
export function ReportFeatures({ item, names, look, messages }: ReportFeaturesProps) {
  const title = entry(messages.itemNames, item.item_code) ?? item.item_name
  return (
    <div className="ibv-report-view__item">
      <h4>
        {title}{' '}
        <small>
          {item.item_code} · v{item.item_version}
        </small>
      </h4>
      {names.length === 0 ? (
        <p className="ibv-report-view__no-match">{messages.noFeatureMatches}</p>
      ) : (
        <table>
          <caption className="ibv-visually-hidden">
            {fill(messages.itemFeatures, { item: title })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{messages.feature}</th>
              <th scope="col">{messages.value}</th>
            </tr>
          </thead>
          <tbody>
            {names.map((name) => {
              const label = look.label(name)
              return (
                <tr key={name}>
                  <th scope="row">
                    {label === name ? (
                      breakable(name)
                    ) : (
                      <>
                        {label} <small className="ibv-report-view__key">{breakable(name)}</small>
                      </>
                    )}
                  </th>
                  <td>{value(name, item.data[name], look)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </div>
  )
}
