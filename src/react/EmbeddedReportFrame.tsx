'use client'
import { REPORT_FRAME_CLASS } from '../core/component-names.js'
import type { EmbedFrame } from '../core/embed-session.js'
import type { EmbeddedReportProps } from './embedded-report-props.js'

interface EmbeddedReportFrameProps extends Pick<EmbeddedReportProps, 'height' | 'minHeight'> {
  frame: EmbedFrame
  role: 'current' | 'next'
  title: string
  hydrating: boolean
  attach: (element: HTMLIFrameElement | null) => void
}

/** One document of the report: the shown one, or the next one loading hidden behind it. */
export function EmbeddedReportFrame(props: EmbeddedReportFrameProps) {
  const { frame, role, title, height, minHeight, hydrating, attach } = props
  return (
    <iframe
      ref={attach}
      src={frame.src}
      title={title}
      referrerPolicy="no-referrer"
      className={REPORT_FRAME_CLASS}
      data-frame={role}
      // A fixed height, else the portal's (the next one loads at the least). Hidden until its page
      // speaks: `visibility: hidden` alone keeps it from being seen, clicked, focused or read out.
      // Set once hydrated, through the DOM: a style attribute in server HTML is what a policy
      // without 'unsafe-inline' styles blocks (the first paint's frame is a ready one). A height
      // in pixels is also the frame's own attribute, which no policy blocks: the first paint has it.
      height={typeof height === 'number' ? height : undefined}
      style={
        hydrating
          ? undefined
          : {
              height: height ?? frame.height,
              minHeight,
              ...(!frame.ready && { position: 'absolute', inset: 0, visibility: 'hidden' }),
            }
      }
    />
  )
}
