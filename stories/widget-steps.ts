// The connect widget's steps as a story's play function takes them: the widget is the sandbox's
// page in the dialog's iframe (same origin under Storybook), so its forms are filled directly.
import { waitFor } from 'storybook/test'

/** The widget's document, once a form with a field named `field` is there. */
export async function widget(field: string): Promise<Document> {
  return waitFor(
    () => {
      const doc = document.querySelector<HTMLIFrameElement>('dialog iframe')?.contentDocument
      if (!doc?.querySelector(`form [name="${field}"]`) || doc.readyState !== 'complete')
        throw new Error('the widget is not ready')
      return doc
    },
    { timeout: 5000 },
  )
}

/** Fills the form that holds the first of `fields` and submits it. */
export function submit(doc: Document, fields: Record<string, string>) {
  const form = doc.querySelector(`[name="${Object.keys(fields)[0]}"]`)?.closest('form')
  if (!form) throw new Error('no form')
  for (const [name, value] of Object.entries(fields))
    (form.elements.namedItem(name) as HTMLInputElement).value = value
  form.requestSubmit()
}

/** Chooses Platypus Bank on the widget's first step, then signs in with `fields`. */
export async function signIn(fields: Record<string, string>) {
  ;(await widget('institution'))
    .querySelector<HTMLButtonElement>('button[name="institution"][value="platypus"]')
    ?.click()
  submit(await widget('username'), fields)
}
