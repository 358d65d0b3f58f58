'use client'
import { forwardRef, useContext, useId, type ComponentPropsWithoutRef } from 'react'
import { IbvContext, type IbvAudience } from './context.js'
import { statusLook } from '../core/statuses.js'
import { badgeDescription } from '../core/badge.js'
import { StatusBadge } from './StatusBadge.js'

export interface ReportStatusBadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** Any `ibv_report_status`; an unknown value is shown as unknown, its raw value kept. */
  status: string
  /** Label overrides by status, for i18n (the provider's `messages.statusLabels` also apply). */
  labels?: Partial<Record<string, string>>
  /** Show the description as visible text too, not only to screen readers. @default false */
  showDescription?: boolean
  /**
   * Who reads the description: `staff` (in the third person: the provider's locale's or
   * `messages.statusDescriptions`, else core's `describeStatus()` text) or `borrower` (second
   * person: "Your bank connection needs attention…", from `messages.statusDescriptionsBorrower`).
   * The labels are the same for both; `lang` is the provider's locale's code, when it has one.
   * @default the provider's `audience`, else 'staff'
   */
  audience?: IbvAudience
}

/**
 * A badge for any report state. Meaning never rests on colour alone: the label is text, the tone
 * is also an icon shape (in the theme), and the description is announced with the label.
 * Works without `<IbvProvider>`.
 *
 * @example
 * <ReportStatusBadge status={report.ibv_report_status} />
 * <ReportStatusBadge status={status} audience="borrower" showDescription />
 */
export const ReportStatusBadge = forwardRef<HTMLSpanElement, ReportStatusBadgeProps>(
  function ReportStatusBadge({ status, audience, showDescription, ...props }, ref) {
    const context = useContext(IbvContext)
    const look = statusLook(status)
    const description = badgeDescription(look, audience ?? context?.audience, context?.messages)
    const descriptionId = useId()
    // Announced with the label; an empty text gives none.
    return (
      <StatusBadge
        ref={ref}
        lang={context?.locale?.code}
        {...props}
        look={look}
        aria-describedby={description && descriptionId}
      >
        {description && (
          <span
            id={descriptionId}
            className={showDescription ? 'ibv-badge__description' : 'ibv-visually-hidden'}
          >
            {description}
          </span>
        )}
      </StatusBadge>
    )
  },
)
