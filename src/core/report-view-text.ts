// The texts of the report view (<ReportView>): its fields, labels and the CSV's status lines,
// in English by default, overridable like every other text (messages.ts).

export const REPORT_VIEW_TEXT = {
  reportNoAccounts: 'No accounts are connected.',
  /** What a screen reader says for a masked value without its last digits (the owner's name). */
  hiddenPersonalData: 'hidden',
  /** What a screen reader says for a masked number instead of its bullets; `{last}` is its last four characters. */
  hiddenEnding: 'hidden, ending {last}',
  /** The caption of an item's table of features (read by screen readers); `{item}` is the item's name. */
  itemFeatures: 'Features: {item}',
  /**
   * Feature labels by name, for names the service is known to send. Any other name is shown in
   * words (`average_monthly_income` → "Average monthly income"), a numbered one
   * (`ne_income_feature_12`) as given; the name itself is always shown beside its label.
   */
  featureLabels: { nsf_count_90d: 'NSF count (90 days)' } as Partial<Record<string, string>>,
  /** Item headers by `item_code`; an item without an entry shows its `item_name`. */
  itemNames: { ibv_validate_metrics: 'Validation metrics' } as Partial<Record<string, string>>,
  /** Account types by `account_type`; a type without an entry is shown in words (`credit_card` → "Credit card"). */
  accountTypes: {} as Partial<Record<string, string>>,
  /** Field labels of <ReportView>. */
  fields: {
    /** The `consumer_id` of the report. */
    consumer: 'Applicant',
    referenceDate: 'Reference date',
    created: 'Created',
    report: 'Report',
    accountNumber: 'Account number',
    routingNumber: 'Routing number',
    owner: 'Owner',
    accounts: 'Accounts',
    institutions: 'Banks',
    /** The sum of the balances, credit cards' negative ones included. */
    totalBalance: 'Net balance',
    status: 'Status',
  },
  summary: 'Summary',
  feature: 'Feature',
  value: 'Value',
  filterFeatures: 'Filter features',
  /** `{shown}` and `{total}` are replaced by counts. */
  featuresMatch: '{shown} of {total} features match',
  /** Under an item, and in the heading of an account, that has no feature matching the filter. */
  noFeatureMatches: 'No feature matches the filter.',
  showPersonalData: 'Show personal data',
  copyCsv: 'Copy CSV',
  downloadCsv: 'Download CSV',
  /** `{count}` is replaced by the number of features copied: all of them, whatever the filter shows. */
  copied: 'Copied all {count} features as CSV.',
  /** `{count}` is replaced by the number of features downloaded: all of them, whatever the filter shows. */
  downloaded: 'Downloaded all {count} features as CSV.',
  copyFailed: 'The clipboard refused: use Download CSV.',
}
