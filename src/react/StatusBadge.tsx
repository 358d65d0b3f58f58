'use client'
import { useContext, useId, type Ref } from 'react'
import { describeStatus } from '../core/index.js'
import { IbvContext } from './context.js'
import { classes } from './class-name.js'
import type { ReportStatusBadgeProps } from './ReportStatusBadge.js'

export interface StatusBadgeProps extends Omit<ReportStatusBadgeProps, 'audience'> {
  /** The description to show instead of core's (the borrower voice's). */
  description?: string | null
  badgeRef?: Ref<HTMLSpanElement>
}

/**
 * The badge, in the staff voice unless given a `description`. `<ReportView>` shows it as is, so that its
 * bundle carries no borrower texts; `<ReportStatusBadge>` adds the voices.
 */
export function StatusBadge({ status, labels, showDescription, description: said, badgeRef, className, ...rest }: StatusBadgeProps) {
  const messages = useContext(IbvContext)?.messages
  const description = describeStatus(status)
  const label =
    labels?.[description.status] ??
    messages?.statusLabels?.[description.status] ??
    (description.known ? description.label : (messages?.unknownStatus ?? description.label))
  const descriptionId = useId()
  return (
    <span
      ref={badgeRef}
      {...rest}
      className={classes('ibv-badge', className)}
      data-status={description.status}
      data-tone={description.tone}
      data-known={description.known || undefined}
      data-terminal={description.terminal || undefined}
      aria-describedby={descriptionId}
    >
      <span className="ibv-badge__label">{label}</span>
      <span id={descriptionId} className={showDescription ? 'ibv-badge__description' : 'ibv-visually-hidden'}>
        {said ?? description.description}
      </span>
    </span>
  )
}
