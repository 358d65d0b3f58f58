/** A child of `h`: an element, a text, or nothing. */
type Child = Node | string | false | undefined

/**
 * An element with attributes (`undefined` leaves one out) and children: the elements' markup,
 * written once per render, the same as the React components render.
 */
export function h(
  document: Document,
  tag: string,
  attributes: Record<string, string | undefined>,
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) element.setAttribute(name, value)
  for (const child of children) if (child) element.append(child)
  return element
}

let lastId = 0

/** An id unique on the page, for `aria-labelledby` and `aria-describedby`. */
export const uniqueId = (): string => `ibv-el-${++lastId}`
