import type { SandboxTexts } from './texts/index.js'

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export interface PageOptions {
  /** The language the page speaks: its `lang`, and the sandbox mark under it. */
  texts: SandboxTexts
  title: string
  /** The path the sandbox is mounted under; assets load from `{basePath}/assets/`, same origin. */
  basePath: string
  script?: 'portal.js' | 'widget.js' | 'bank.js'
  /** `data-*` attributes for the body, read by the page script (never inline code). */
  data?: Record<string, string>
  body: string
}

/**
 * The shell of every sandbox page: no inline script or style, so a strict CSP holds. Assets and
 * form actions are paths, not URLs, so `'self'` matches whatever host the browser used.
 */
export function page(options: PageOptions): string {
  const data = Object.entries(options.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('')
  const script = options.script
    ? `<script src="${escapeHtml(`${options.basePath}/assets/${options.script}`)}" defer></script>`
    : ''
  return `<!doctype html>
<html lang="${escapeHtml(options.texts.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${escapeHtml(`${options.basePath}/assets/sandbox.css`)}">
${script}
</head>
<body${data}>
${options.body}
<footer class="sandbox-mark">${escapeHtml(options.texts.mark)}</footer>
</body>
</html>`
}
