// The unit tests also run against React 18 ('unit (react 18)'). React 18 lives in its own small
// package under test/react18 (npm cannot hold two majors of react and react-dom side by side in
// one tree); this installs it from its lockfile when it is missing.
import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'

if (!existsSync('test/react18/node_modules/react-dom/package.json')) {
  console.log('ibv-kit: installing React 18 for the React 18 test project (test/react18)…')
  execFileSync('npm', ['ci', '--prefix', 'test/react18', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  })
}
