import { describe, expect, it } from 'vitest'
import { createManualClock, createSandbox } from '../../src/sandbox/index.js'
import { call, formAction, postedMessages, submitForm } from '../sandbox/call.js'

// Finding 14: an embedder that reads the widget's events as a log saw `ERROR` for a wrong MFA
// code with no `SUBMIT_MFA` before it, while a wrong password sends `SUBMIT_CREDENTIALS` first.
// Every submission now announces itself, and an `ERROR` always follows the submit it answers.
const events = (html: string) =>
  postedMessages(html)
    .filter((message) => message.type === 'ibv:event')
    .map((message) => message.name)

async function openWidget() {
  const sandbox = createSandbox({ clock: createManualClock() })
  const token = await call(sandbox, 'POST', '/api/v1/auth/tokens', { consumer_id: 'LND-42' })
  const page = await call(
    sandbox,
    'GET',
    `/connect?token=${token.body.access_token as string}&origin=${encodeURIComponent('https://lender.test')}`,
    undefined,
    {},
  )
  return { sandbox, page }
}

describe('widget event sequences', () => {
  it('a wrong password: SELECT_INSTITUTION, SUBMIT_CREDENTIALS, ERROR', async () => {
    const { sandbox, page } = await openWidget()
    const wrong = await submitForm(sandbox, formAction(page.text), {
      institution: 'platypus',
      username: 'user_good',
      password: 'nope',
    })
    expect(events(wrong.text)).toEqual(['SELECT_INSTITUTION', 'SUBMIT_CREDENTIALS', 'ERROR'])
  })

  it('a wrong MFA code: SUBMIT_MFA, then ERROR; the right one: SUBMIT_MFA, HANDOFF', async () => {
    const { sandbox, page } = await openWidget()
    const mfa = await submitForm(sandbox, formAction(page.text), {
      institution: 'quokka',
      username: 'user_mfa',
      password: 'pass_good',
    })
    expect(events(mfa.text)).toEqual(['SELECT_INSTITUTION', 'SUBMIT_CREDENTIALS', 'MFA_REQUIRED'])
    const wrong = await submitForm(sandbox, formAction(mfa.text), { code: '000000' })
    expect(postedMessages(wrong.text).filter((message) => message.type === 'ibv:event')).toEqual([
      { type: 'ibv:event', name: 'SUBMIT_MFA', metadata: {} },
      { type: 'ibv:event', name: 'ERROR', metadata: { error_code: 'INVALID_MFA_CODE' } },
    ])
    const right = await submitForm(sandbox, formAction(wrong.text), { code: '123456' })
    expect(events(right.text)).toEqual(['SUBMIT_MFA', 'HANDOFF'])
  })
})
