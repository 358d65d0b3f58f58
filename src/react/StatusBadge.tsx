'use client'
import { forwardRef, useContext, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import type { StatusLook } from '../core/statuses.js'
import { badgeLabel } from '../core/badge.js'
import { IbvContext } from './context.js'
import { classes } from './class-name.js'

export interface StatusBadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** The status's label, tone and flags: `describeStatus()` or, without a description, `statusLook()`. */
  look: StatusLook
  /** Label overrides by status (the provider's `messages.statusLabels` also apply). */
  labels?: Partial<Record<string, string>>
  /** What follows the label inside the badge (`<ReportStatusBadge>`'s description). */
  children?: ReactNode
}

/**
 * The badge: label, tone and flags. `<ReportStatusBadge>` adds the description of its voice;
 * `<ReportView>`'s summary gives none (the report is there to read), so its bundle carries no
 * description at all.
 */
export const StatusBadge = forwardRef<HTMLSpanElement, StatusBadgeProps>(function StatusBadge(
  { look, labels, className, children, ...rest },
  ref,
) {
  const messages = useContext(IbvContext)?.messages
  const label = badgeLabel(look, labels, messages)
  return (
    <span
      ref={ref}
      {...rest}
      className={classes('ibv-badge', className)}
      data-status={look.status}
      data-tone={look.tone}
      data-known={look.known || undefined}
      data-terminal={look.terminal || undefined}
    >
      <span className="ibv-badge__label">{label}</span>
      {children}
    </span>
  )
})
