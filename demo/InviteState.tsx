import { useEffect, useState } from 'react'
import { createBackendFetchers, type InviteStatus } from 'ibv-kit'

const fetchers = createBackendFetchers('/api/ibv')
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const SAYS: Record<InviteStatus['state'], string> = {
  sent: 'not opened yet',
  opened: 'opened, bank not connected yet',
  connected: 'bank connected',
  expired: 'expired unused',
}

/**
 * Where the newest invite sent to the applicant stands, read from the backend (`GET /invites`), so
 * a reload keeps it. Read again whenever `version` changes (an invite created, or used).
 */
export function InviteState({ consumerId, version }: { consumerId: string; version: number }) {
  const [newest, setNewest] = useState<InviteStatus | null>(null)
  useEffect(() => {
    let current = true
    fetchers.invites(consumerId).then(
      (invites) => current && setNewest(invites[0] ?? null),
      () => current && setNewest(null),
    )
    return () => {
      current = false
    }
  }, [consumerId, version])
  if (!newest) return null
  return (
    <p className="muted" data-invite-state={newest.state}>
      Invite link sent {day.format(new Date(newest.sent_at))}: {SAYS[newest.state]}.
    </p>
  )
}
