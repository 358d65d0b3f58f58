'use client'
import { IbvError, isRetryable } from '../core/index.js'
import type { IbvFetchers, TokenRequest } from './fetchers.js'

/** The token request of a connect widget: by invite on a borrower's page, else by consumer id. */
export function inviteTokenRequest({ consumerId, invite }: { consumerId?: string; invite?: string }): TokenRequest {
  if (invite) return { type: 'invite', invite }
  if (consumerId) return { type: 'consumer', consumerId }
  console.error('<ConnectButton> and useConnectWidget need a consumerId (staff) or an invite (the borrower\'s page).')
  throw new IbvError('invalid_request', 'No consumerId or invite to connect a bank for.', { fields: { consumerId: ['is required unless invite is given'] } })
}

const ATTEMPTS = 3

/**
 * Tells the backend that a connection was completed with `invite` (`completeInvite`), trying again
 * after a failure that can pass. Never rejects: the borrower did connect, so a failure here is only
 * logged (without the invite), and the link stays usable until it expires.
 */
export async function reportInviteUsed(fetchers: IbvFetchers, invite: string, productRequestId: string): Promise<void> {
  if (!fetchers.completeInvite) {
    console.warn('The fetchers have no completeInvite: the invite link stays usable until it expires. createBackendFetchers() has one.')
    return
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchers.completeInvite(invite, productRequestId)
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) {
        const reason = error instanceof Error ? error.message : String(error)
        console.error(`The invite could not be recorded as used (${reason}): the link stays usable until it expires.`)
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt))
    }
  }
}
