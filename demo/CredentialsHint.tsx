const CREDENTIALS = [
  ['user_good', 'pass_good', 'report complete'],
  ['user_good', 'anything else', 'wrong password: reconnect required'],
  ['user_mfa', 'pass_good', 'asks for code 123456'],
  ['user_acquire_fail', 'pass_good', 'data pull fails'],
  ['user_generation_fail', 'pass_good', 'report generation fails'],
] as const

export function CredentialsHint() {
  return (
    <details className="hint">
      <summary>Sandbox test credentials</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Password</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {CREDENTIALS.map(([username, password, outcome]) => (
            <tr key={`${username}-${password}`}>
              <td>
                <code>{username}</code>
              </td>
              <td>{password.includes(' ') ? password : <code>{password}</code>}</td>
              <td>{outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
