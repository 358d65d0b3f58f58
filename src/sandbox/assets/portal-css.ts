// The embeddable report's pages (/portal/embeddable_reports). The table and badge rules are
// global: the widget's credentials table uses them too. Every dark rule comes after the light one
// it overrides, in this file, so the dark colours win in dark mode (the same specificity: the
// later rule wins). Text contrast is at least 4.5:1 in both (test/browser/sandbox-portal-a11y).
export const portalCss = `:root{--portal-muted:#555f6d;--portal-line:#d8dde4;--portal-card:#f6f8fa;--portal-zebra:#eceff3}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--portal-line)}
.status{font-weight:600}.status[data-tone=success]{color:#146c43}.status[data-tone=danger]{color:#b3261e}.status[data-tone=warning]{color:#8a5300}.status[data-tone=progress]{color:#1f5fbf}.status[data-tone=neutral]{color:#4a5361}
.portal{max-width:60rem;margin:0 auto;min-width:0;overflow-wrap:anywhere}
.portal h1{font-size:1.35rem;margin:0 0 12px}.portal h2{font-size:1.1rem;margin:20px 0 8px}.portal h3{font-size:1rem;margin:0 0 8px}.portal h4{font-size:.95rem;margin:12px 0 4px}
.portal small{color:var(--portal-muted);opacity:1;font-weight:normal}
.portal code{font-size:.95em}
.portal-facts{display:flex;flex-wrap:wrap;gap:8px 32px;margin:0 0 12px}
.portal-facts div{min-width:min(100%,7rem);max-width:100%}.portal-facts dt{font-size:.8rem;color:var(--portal-muted)}.portal-facts dd{margin:0;font-weight:600}
.portal .status{display:inline-block;padding:0 8px;border:1px solid currentColor;border-radius:999px;font-size:.85rem;line-height:1.6}
.portal-header{padding-bottom:4px;border-bottom:1px solid var(--portal-line)}
.portal-summary .portal-facts dd{font-size:1.1rem}
.portal-account{border:1px solid var(--portal-line);border-radius:8px;padding:12px;margin:0 0 12px;background:var(--portal-card)}
.portal-account-heading{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 16px}
.portal-account-heading span{min-width:0}.portal-balance{font-variant-numeric:tabular-nums;white-space:nowrap}
.portal-features{table-layout:auto;max-width:36rem}.portal-features tbody tr:nth-child(even){background:var(--portal-zebra)}.portal-features th[scope=row]{font-weight:normal}.portal-features thead th{font-size:.8rem;color:var(--portal-muted)}
.portal-number{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;width:1%}
.portal-fraction{display:inline-block;min-width:5ch;text-align:left}
.portal-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.portal~.sandbox-mark{max-width:60rem;margin:24px auto 0}.portal-state~.sandbox-mark{max-width:40rem}
.portal-state{max-width:40rem}.portal-state h2{font-size:1rem;margin:16px 0 4px}.portal-state p{margin:0 0 8px}
@media (prefers-color-scheme:dark){:root{--portal-muted:#a3adba;--portal-line:#30363d;--portal-card:#1c2129;--portal-zebra:#242a33}
.status[data-tone=success]{color:#56d364}.status[data-tone=danger]{color:#ff7b72}.status[data-tone=warning]{color:#e3b341}.status[data-tone=progress]{color:#79c0ff}.status[data-tone=neutral]{color:#c9d1d9}}`
