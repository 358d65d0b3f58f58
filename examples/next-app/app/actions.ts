'use server'
// The demo's "new application": signs the visitor in (a session cookie) and creates a product
// request in the sandbox as if the applicant had connected their bank.
import { randomUUID } from 'node:crypto'
import { cookies } from 'next/headers'
import { redirect } from 'next/navigation'
import { SESSION_COOKIE, sandbox, sessions } from '@/lib/ibv'

export async function createDemoRequest() {
  const jar = await cookies()
  let sessionId = jar.get(SESSION_COOKIE)?.value
  if (!sessionId || !sessions.has(sessionId)) {
    sessionId = randomUUID()
    sessions.set(sessionId, new Set())
    jar.set(SESSION_COOKIE, sessionId, { httpOnly: true, sameSite: 'lax', path: '/' })
  }
  const response = await sandbox.fetch(
    new Request('http://sandbox.internal/ibv-sandbox/sandbox/product_requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
      body: JSON.stringify({ consumer_id: `applicant-${randomUUID().slice(0, 8)}` }),
    }),
  )
  if (!response.ok) throw new Error(`The sandbox refused the demo request (${response.status}).`)
  const { product_request_id: id } = (await response.json()) as { product_request_id: string }
  sessions.get(sessionId)?.add(id)
  redirect(`/reports/${encodeURIComponent(id)}`)
}
