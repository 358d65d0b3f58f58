// Reading attributes: strings, as a page sets them, into what an element uses.

/** A size attribute as CSS: a bare number is pixels (`480`), anything else is as written (`70vh`); absent, undefined. */
export function cssSize(value: string | null): string | undefined {
  if (!value) return undefined
  return /^\d+(\.\d+)?$/.test(value.trim()) ? `${value.trim()}px` : value
}

/** A number attribute of zero or more, else undefined. */
export function numberAttribute(element: Element, name: string): number | undefined {
  const value = Number(element.getAttribute(name) || NaN)
  return value >= 0 ? value : undefined
}
