'use client'
import { useState } from 'react'
import type { IbvAccount } from '../core/index.js'
import { formatValue, mask, naturalCompare } from './format.js'
import type { REPORT_VIEW_TEXT } from './messages.js'
import { ReportFacts, type Fact } from './ReportFacts.js'

const KNOWN_FIELDS = new Set(['provider_name', 'account_name', 'account_type', 'routing_number', 'account_number', 'owner_name', 'balance', 'items'])

export interface ReportAccountProps {
  account: IbvAccount
  revealPersonalData: boolean
  defaultOpen: boolean
  money: Intl.NumberFormat
  numbers: Intl.NumberFormat
  messages: typeof REPORT_VIEW_TEXT
}

/**
 * One account of a report: a summary line, and details rendered only while expanded, so a report
 * of many accounts with hundreds of features each stays light.
 */
export function ReportAccount({ account, revealPersonalData, defaultOpen, money, numbers, messages }: ReportAccountProps) {
  const [open, setOpen] = useState(defaultOpen)
  const extra = Object.entries(account).filter(([name]) => !KNOWN_FIELDS.has(name))
  return (
    <section className="ibv-report-view__account" data-account-type={account.account_type}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className="ibv-report-view__account-name">{account.account_name}</span>
          <span className="ibv-report-view__account-meta">
            {account.provider_name} · {account.account_type}
          </span>
          <span className="ibv-report-view__balance">{money.format(account.balance)}</span>
        </summary>
        {open && (
          <div className="ibv-report-view__account-body">
            <ReportFacts
              facts={[
                [messages.fields.accountNumber, revealPersonalData ? account.account_number : mask(account.account_number), true],
                [messages.fields.routingNumber, revealPersonalData ? account.routing_number : mask(account.routing_number), true],
                [messages.fields.owner, revealPersonalData ? account.owner_name : <span aria-label={messages.hiddenPersonalData}>••••</span>, true],
                // Fields the spec does not name are shown, not dropped.
                ...extra.map(([name, value]): Fact => [name, formatValue(value, numbers)]),
              ]}
            />
            {account.items.map((item, index) => (
              <div key={`${item.item_code}-${index}`} className="ibv-report-view__item">
                <h4>
                  {item.item_name} <small>{item.item_code} · v{item.item_version}</small>
                </h4>
                <table>
                  <caption className="ibv-visually-hidden">
                    {messages.features}: {item.item_name}
                  </caption>
                  <tbody>
                    {Object.keys(item.data)
                      .sort(naturalCompare)
                      .map((name) => (
                        <tr key={name}>
                          <th scope="row">{name}</th>
                          <td>{formatValue(item.data[name], numbers)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            ))}
          </div>
        )}
      </details>
    </section>
  )
}
