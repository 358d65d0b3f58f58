// What every sandbox page shares: colour scheme, type, the sandbox mark.
export const baseCss = `:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45}
body{margin:0;padding:16px;color:#1c2430;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e8ecf1;background:#161b22}}
h1{font-size:1.25rem;margin:0 0 12px}h2{font-size:1.05rem;margin:16px 0 4px}small{font-weight:normal;opacity:.75}`
