'use client'
import { forwardRef, useContext, useId, type ComponentPropsWithoutRef } from 'react'
import { describeStatus } from '../core/index.js'
import { IbvContext } from './context.js'
import { classes } from './class-name.js'

export interface ReportStatusBadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** Any `ibv_report_status`; an unknown value is shown as unknown, its raw value kept. */
  status: string
  /** Label overrides by status, for i18n (the provider's `messages.statusLabels` also apply). */
  labels?: Partial<Record<string, string>>
  /** Show the description as visible text too, not only to screen readers. @default false */
  showDescription?: boolean
}

/**
 * A badge for any report state. Meaning never rests on colour alone: the label is text, the tone
 * is also an icon shape (in the theme), and the description is announced with the label.
 * Works without `<IbvProvider>`.
 *
 * @example
 * <ReportStatusBadge status={report.ibv_report_status} />
 */
export const ReportStatusBadge = forwardRef<HTMLSpanElement, ReportStatusBadgeProps>(function ReportStatusBadge(
  { status, labels, showDescription = false, className, ...rest },
  ref,
) {
  const messages = useContext(IbvContext)?.messages
  const description = describeStatus(status)
  const label =
    labels?.[description.status] ??
    messages?.statusLabels?.[description.status] ??
    (description.known ? description.label : (messages?.unknownStatus ?? description.label))
  const descriptionId = useId()
  return (
    <span
      ref={ref}
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
        {description.description}
      </span>
    </span>
  )
})
