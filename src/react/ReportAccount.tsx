'use client'
import { useId, useState } from 'react'
import type { IbvAccount } from '../core/index.js'
import { entry, fill, formatValue, lastFour, mask } from './format.js'
import type { REPORT_VIEW_TEXT } from '../core/report-view-text.js'
import { ReportFacts, type Fact } from './ReportFacts.js'
import { ReportFeatures, type FeatureLook } from './ReportFeatures.js'

const KNOWN_FIELDS = new Set([
  'provider_name',
  'account_name',
  'account_type',
  'routing_number',
  'account_number',
  'owner_name',
  'balance',
  'items',
])

export interface ReportAccountProps {
  account: IbvAccount
  revealPersonalData: boolean
  defaultOpen: boolean
  /** Render the details whatever the section's state (while printing). */
  forceOpen: boolean
  /** The names of the features to show, per item (those the filter keeps). */
  features: string[][]
  /** A filter is active: the account opens when it has matches, and its heading says when it has none. */
  filtering: boolean
  look: FeatureLook
  messages: typeof REPORT_VIEW_TEXT
}

/**
 * One account of a report: a heading whose button expands or collapses it (the theme draws
 * the chevron as decoration; `aria-expanded` carries the state), and details rendered only while expanded, so a
 * report of many accounts with hundreds of features each stays light.
 */
export function ReportAccount({
  account,
  revealPersonalData,
  defaultOpen,
  forceOpen,
  features,
  filtering,
  look,
  messages,
}: ReportAccountProps) {
  const [state, setOpen] = useState(defaultOpen)
  const matches = filtering ? features.flat().length : undefined
  // While filtering, the section is open when it has matches, unless the user chose otherwise;
  // the state the user had before filtering comes back when the filter is cleared.
  const [picked, pick] = useState<boolean>()
  if (matches === undefined && picked !== undefined) pick(undefined)
  const open = forceOpen || (matches === undefined ? state : (picked ?? matches > 0))
  const bodyId = useId()
  const items = account.items ?? []
  // Fields the service API does not name are shown rather than dropped, but only with the personal
  // data: nothing says what they hold (an IBAN, an e-mail address).
  const secret = (value: string | undefined, last = lastFour(value)) =>
    revealPersonalData ? (
      value
    ) : (
      <>
        <span className="ibv-visually-hidden">
          {last ? fill(messages.hiddenEnding, { last }) : messages.hiddenPersonalData}
        </span>
        <span aria-hidden="true">{mask(value)}</span>
      </>
    )
  const extra = revealPersonalData
    ? Object.entries(account).filter(([name]) => !KNOWN_FIELDS.has(name))
    : []
  return (
    <section className="ibv-report-view__account" data-state={open ? 'open' : 'closed'}>
      <h3 className="ibv-report-view__account-heading">
        <button
          type="button"
          className="ibv-report-view__toggle"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => (matches === undefined ? setOpen : pick)(!open)}
        >
          <span className="ibv-report-view__account-title">
            <span className="ibv-report-view__account-name">{account.account_name}</span>
            <span className="ibv-report-view__account-meta">
              {account.provider_name} ·{' '}
              {entry(messages.accountTypes, account.account_type) ??
                look.words(account.account_type)}
            </span>
            {matches === 0 && (
              <span className="ibv-report-view__account-matches">{messages.noFeatureMatches}</span>
            )}
          </span>
          <span className="ibv-report-view__balance">
            {look.formats.money.format(account.balance)}
          </span>
        </button>
      </h3>
      {open && (
        <div id={bodyId} className="ibv-report-view__account-body">
          <ReportFacts
            facts={[
              [messages.fields.accountNumber, secret(account.account_number)],
              [messages.fields.routingNumber, secret(account.routing_number)],
              [messages.fields.owner, secret(revealPersonalData ? account.owner_name : undefined)],
              ...extra.map(([name, value]): Fact => [
                name,
                formatValue(value, look.formats.number),
              ]),
            ]}
          />
          {items.map((item, index) => (
            <ReportFeatures
              key={`${item.item_code}-${index}`}
              item={item}
              names={features[index] ?? []}
              look={look}
              messages={messages}
            />
          ))}
        </div>
      )}
    </section>
  )
}
