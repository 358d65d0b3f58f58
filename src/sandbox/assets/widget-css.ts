// The connect widget's pages (/connect): one column, full width on a phone (no margins or borders
// spent), a card's width on a desktop; light and dark.
export const widgetCss = `[hidden]{display:none!important}
body:has(>.widget){padding:16px 16px 12px}@media (max-width:480px){body:has(>.widget){padding:12px 12px 4px}}
.widget{max-width:420px;margin:0 auto;min-width:0;overflow-wrap:anywhere}.widget~.sandbox-mark{max-width:420px;margin:12px auto 0}
@media (max-width:480px){.widget,.widget~.sandbox-mark{max-width:none}}
.widget form{display:grid;grid-template-columns:minmax(0,1fr);gap:12px;margin:0 0 12px}.widget label{display:grid;grid-template-columns:minmax(0,1fr);gap:4px;font-weight:600}
.widget p{margin:0 0 12px}.widget a{color:#1f5fbf}
.progress p{margin:0 0 4px;font-size:.85rem;color:#4a5565}.bar{display:flex;gap:4px;list-style:none;margin:0 0 12px;padding:0}.bar li{flex:1;height:4px;border-radius:2px;background:#d8dde4}.bar li.done{background:#1f5fbf}
.title{display:flex;align-items:center;gap:10px;margin:0 0 12px}.title h1{margin:0}.logo{flex:none}
.hint table{table-layout:auto}.hint td,.hint th{overflow-wrap:normal;word-break:normal}
input,select{font:inherit;padding:8px;border:1px solid #8a94a3;border-radius:6px;box-sizing:border-box;width:100%;min-width:0;max-width:100%}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1f5fbf;background:#1f5fbf;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:inherit;border-color:#8a94a3}
a.button{display:inline-block;padding:8px 16px;border-radius:6px;border:1px solid #1f5fbf;background:#1f5fbf;color:#fff;text-decoration:none}
.bank .bank-name{margin:0;font-weight:700}.bank fieldset{display:grid;gap:6px;margin:0;padding:8px 12px;border:1px solid #c4cad3;border-radius:6px}.bank .choice{display:flex;gap:8px;align-items:center;font-weight:400}.bank .choice input{width:auto}.actions{display:flex;flex-wrap:wrap;gap:8px}
:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
.search{margin-bottom:8px}.search-row{display:flex;gap:8px}.search-row input{flex:1}.count{font-size:.9rem}
.banks ul{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.banks li button{display:flex;align-items:center;gap:12px;width:100%;padding:6px 10px;text-align:left;background:transparent;color:inherit;border-color:#c4cad3}
.banks li button:hover{border-color:#1f5fbf;background:#f2f6fc}
button.link{justify-self:start;padding:4px 0;border:0;background:none;color:#1f5fbf;text-decoration:underline}
.notice{padding:8px 12px;border-left:4px solid #1f5fbf;background:#eef4fc}
.error{color:#b3261e;font-weight:600}.hint{margin:0 0 8px;font-size:.9rem}.done .tick{color:#146c43;font-weight:700}
.sandbox-mark{font-size:.8rem;opacity:.75}
@media (prefers-color-scheme:dark){.widget a:not(.button),button.link{color:#79c0ff}.bank fieldset{border-color:#444c56}.progress p{color:#aab4c0}.bar li{background:#30363d}.bar li.done{background:#79c0ff}
.banks li button{border-color:#444c56}.banks li button:hover{background:#1c2a3d;border-color:#79c0ff}.notice{background:#1c2a3d;border-color:#79c0ff}
.error{color:#ff7b72}.done .tick{color:#56d364}:focus-visible{outline-color:#79c0ff}}`
