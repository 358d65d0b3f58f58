// The first page of `npm run dev`. It uses the package only through its public entry, as a lender
// would. The loan-management demo replaces it (see the README's roadmap).
import 'ibv-kit/styles.css'
import './demo.css'
import { REPORT_STATUSES, describeStatus } from 'ibv-kit'

const app = document.querySelector<HTMLElement>('#app')
if (app) {
  const heading = Object.assign(document.createElement('h1'), { textContent: 'ibv-kit' })
  const intro = Object.assign(document.createElement('p'), {
    textContent:
      'The package foundation is in place. The sandbox, the React components and the loan-management demo land here next. Meanwhile, every report state the service documents, as ibv-kit describes it:',
  })
  const table = document.createElement('table')
  table.innerHTML = '<thead><tr><th scope="col">Status</th><th scope="col">Label</th><th scope="col">Final</th><th scope="col">Meaning</th></tr></thead>'
  const body = table.createTBody()
  for (const status of REPORT_STATUSES) {
    const description = describeStatus(status)
    const row = body.insertRow()
    row.dataset.tone = description.tone
    for (const text of [status, description.label, description.terminal ? 'yes' : 'no', description.description]) {
      row.insertCell().textContent = text
    }
  }
  app.append(heading, intro, table)
}
