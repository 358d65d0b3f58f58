'use client'
import { useContext, useId, type Ref } from 'react'
import type { StatusLook } from '../core/statuses.js'
import { IbvContext } from './context.js'
import { classes } from './class-name.js'
import type { ReportStatusBadgeProps } from './ReportStatusBadge.js'

export interface StatusBadgeProps extends Omit<ReportStatusBadgeProps, 'audience' | 'status'> {
  /** The status's label, tone and flags: `describeStatus()` or, without a description, `statusLook()`. */
  look: StatusLook
  /** The description, announced with the label (and shown with `showDescription`); none without it. */
  description?: string
  badgeRef?: Ref<HTMLSpanElement>
}

/**
 * The badge: label, tone and flags, and a description when given one. `<ReportStatusBadge>` gives
 * the description of its voice; `<ReportView>`'s summary gives none (the report is there to read),
 * so its bundle carries no description at all.
 */
export function StatusBadge({ look, labels, showDescription, description: said, badgeRef, className, ...rest }: StatusBadgeProps) {
  const messages = useContext(IbvContext)?.messages
  // Only a text counts: a status named "toString" or "__proto__" finds a function or an object in
  // the maps, and reads as unknown.
  const found = labels?.[look.status] ?? messages?.statusLabels?.[look.status]
  const label = typeof found === 'string' ? found : look.known ? look.label : (messages?.unknownStatus ?? look.label)
  const descriptionId = useId()
  return (
    <span
      ref={badgeRef}
      {...rest}
      className={classes('ibv-badge', className)}
      data-status={look.status}
      data-tone={look.tone}
      data-known={look.known || undefined}
      data-terminal={look.terminal || undefined}
      aria-describedby={said && descriptionId}
    >
      <span className="ibv-badge__label">{label}</span>
      {said && (
        <span id={descriptionId} className={showDescription ? 'ibv-badge__description' : 'ibv-visually-hidden'}>
          {said}
        </span>
      )}
    </span>
  )
}
