import { createDemoRequest } from './actions'

export default function Home() {
  return (
    <main>
      <h1>Loan applications</h1>
      <p>Creates an applicant whose bank is connected (in the sandbox) and opens their report.</p>
      <form action={createDemoRequest}>
        <button type="submit">New demo application</button>
      </form>
    </main>
  )
}
