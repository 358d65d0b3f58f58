const CREDENTIALS = [
  ['user_good', 'pass_good', 'report complete'],
  ['user_good', 'anything else', 'wrong password: reconnect required'],
  ['user_mfa', 'pass_good', 'asks for code 123456'],
  ['user_acquire_fail', 'pass_good', 'data pull fails'],
  ['user_generation_fail', 'pass_good', 'report generation fails'],
] as const

/** The sandbox's test banks: every bank takes these credentials, except the OAuth bank, which signs in on its own page. */
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
      <p>
        <strong>Wombat Bank (OAuth)</strong> asks for no password here: you sign in on the bank’s
        own page, in a window that opens (or, in a mobile webview, the whole page goes there and
        comes back). <strong>Allow</strong> connects, and the bank’s page lets you choose “Connect,
        then the data pull fails”; <strong>Deny</strong>, or closing that window, brings you back to
        the list of banks.
      </p>
    </details>
  )
}
