// Without a browser (jsdom), nothing loads in an iframe. So the environment speaks for each report
// frame of its own, once, as the sandbox's report page does when it has loaded: `ibv:ready`, and
// `ibv:token_expired` when the page says its token has expired. <EmbeddedReport> and
// <ibv-embedded-report> then become ready as in a browser. The frame is found by the class the
// components render, and the page read by the attribute the sandbox writes, both named in core.
import { REPORT_FRAME_CLASS } from '../core/component-names.js'
import { FRAME_MESSAGES, type ReportPageMessage } from '../core/frame-protocol.js'
import { hostedPageAttribute } from '../core/hosted-page-data.js'
import type { Sandbox } from '../sandbox/index.js'
import { attribute } from './widget-pages.js'

/** What the sandbox's report page at `src` posts when it loads. */
async function reportPageSays(sandbox: Sandbox, src: string): Promise<ReportPageMessage[]> {
  const page = await (await sandbox.fetch(new Request(src))).text()
  const expired = attribute(page, hostedPageAttribute('expired')) !== undefined
  return expired
    ? [{ type: FRAME_MESSAGES.ready }, { type: FRAME_MESSAGES.tokenExpired }]
    : [{ type: FRAME_MESSAGES.ready }]
}

/**
 * A function that has every report frame of this service in the document, not yet heard from,
 * post what its page says, as the frame's window to this one.
 */
export function reportFrameSpeaker(sandbox: Sandbox, serviceUrl: string): () => Promise<void> {
  const announced = new WeakSet<HTMLIFrameElement>()
  const origin = new URL(serviceUrl).origin
  return async () => {
    if (typeof document === 'undefined') return
    const frames = document.querySelectorAll<HTMLIFrameElement>(`iframe.${REPORT_FRAME_CLASS}`)
    for (const frame of frames) {
      if (announced.has(frame) || !frame.src.startsWith(`${serviceUrl}/`)) continue
      announced.add(frame)
      for (const data of await reportPageSays(sandbox, frame.src))
        window.dispatchEvent(
          new MessageEvent('message', { data, origin, source: frame.contentWindow }),
        )
    }
  }
}
