// The connect widget's pages (/connect).
export const widgetCss = `.widget{max-width:420px;margin:0 auto;min-width:0;overflow-wrap:anywhere}form{display:grid;grid-template-columns:minmax(0,1fr);gap:12px;margin-bottom:12px}label{display:grid;grid-template-columns:minmax(0,1fr);gap:4px;font-weight:600}
.hint table{table-layout:fixed}.hint th,.hint td{overflow-wrap:anywhere}.hint code{word-break:break-all}
input,select{font:inherit;padding:8px;border:1px solid #8a94a3;border-radius:6px;box-sizing:border-box;width:100%;min-width:0;max-width:100%}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1f5fbf;background:#1f5fbf;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:inherit;border-color:#8a94a3}
.error{color:#b3261e;font-weight:600}.hint{margin:12px 0;font-size:.9rem}.sandbox-mark{margin-top:24px;font-size:.8rem;opacity:.7}`
