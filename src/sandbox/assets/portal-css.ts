// The embeddable report's pages (/portal/embeddable_reports).
export const portalCss = `table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #d8dde4}
.status{font-weight:600}.status[data-tone=success]{color:#146c43}.status[data-tone=danger]{color:#b3261e}.status[data-tone=warning]{color:#8a5300}.status[data-tone=progress]{color:#1f5fbf}`
