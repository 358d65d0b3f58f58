'use client'

/** The component's own class, then the app's `className` when it passes one. */
export function classes(own: string, extra: string | undefined): string {
  return extra ? `${own} ${extra}` : own
}
