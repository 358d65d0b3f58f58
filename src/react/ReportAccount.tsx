'use client'
import { useId, useState } from 'react'
import type { IbvAccount } from '../core/index.js'
import { formatValue, mask } from './format.js'
import type { REPORT_VIEW_TEXT } from './messages.js'
import { ReportFacts, type Fact } from './ReportFacts.js'
import { ReportFeatures } from './ReportFeatures.js'

const KNOWN_FIELDS = new Set(['provider_name', 'account_name', 'account_type', 'routing_number', 'account_number', 'owner_name', 'balance', 'items'])

export interface ReportAccountProps {
  account: IbvAccount
  revealPersonalData: boolean
  defaultOpen: boolean
  /** Render the details whatever the section's state (while printing). */
  forceOpen: boolean
  /** Feature names must contain this (any case); empty keeps every feature. */
  filter: string
  money: Intl.NumberFormat
  numbers: Intl.NumberFormat
  messages: typeof REPORT_VIEW_TEXT
}

/**
 * One account of a report: a heading whose button expands or collapses it (the theme draws
 * the chevron as decoration; `aria-expanded` carries the state), and details rendered only while expanded, so a
 * report of many accounts with hundreds of features each stays light.
 */
export function ReportAccount({ account, revealPersonalData, defaultOpen, forceOpen, filter, money, numbers, messages }: ReportAccountProps) {
  const [state, setOpen] = useState(defaultOpen)
  const open = state || forceOpen
  const bodyId = useId()
  const items = account.items ?? []
  // Fields the spec does not name are shown rather than dropped, but only with the personal
  // data: nothing says what they hold (an IBAN, an e-mail address).
  const extra = revealPersonalData ? Object.entries(account).filter(([name]) => !KNOWN_FIELDS.has(name)) : []
  return (
    <section className="ibv-report-view__account" data-account-type={account.account_type} data-state={open ? 'open' : 'closed'}>
      <h3 className="ibv-report-view__account-heading">
        <button type="button" className="ibv-report-view__toggle" aria-expanded={open} aria-controls={open ? bodyId : undefined} onClick={() => setOpen(!open)}>
          <span className="ibv-report-view__account-title">
            <span className="ibv-report-view__account-name">{account.account_name}</span>
            <span className="ibv-report-view__account-meta">
              {account.provider_name} · {account.account_type}
            </span>
          </span>
          <span className="ibv-report-view__balance">{money.format(account.balance)}</span>
        </button>
      </h3>
      {open && (
        <div id={bodyId} className="ibv-report-view__account-body">
          <ReportFacts
            facts={[
              [messages.fields.accountNumber, revealPersonalData ? account.account_number : mask(account.account_number), true],
              [messages.fields.routingNumber, revealPersonalData ? account.routing_number : mask(account.routing_number), true],
              [messages.fields.owner, revealPersonalData ? account.owner_name : mask(undefined), true],
              ...extra.map(([name, value]): Fact => [name, formatValue(value, numbers)]),
            ]}
          />
          {items.map((item, index) => (
            <ReportFeatures key={`${item.item_code}-${index}`} item={item} filter={filter} numbers={numbers} messages={messages} />
          ))}
        </div>
      )}
    </section>
  )
}
