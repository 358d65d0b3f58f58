'use client'
import { useEffect } from 'react'
import { useIbvContext } from './context.js'
import { liveStatusOf } from './live-status.js'
import { useLatest } from './useLatest.js'
import * as ibvKeys from '../core/query-keys.js'
import type { ReportAnswer } from '../core/fetchers.js'
import { namesItsReport, reportEventEffect } from '../core/report-events.js'
import { LIVE_STREAM_EVENTS } from '../core/live-events.js'

/**
 * One event of the backend's stream: a decoded webhook (see `WebhookEvent`), or the backend's own
 * `invite_used` (see `InviteUsedEvent`: a borrower connected a bank through an invite).
 */
export interface LiveEvent {
  event: string
  productRequestId?: string
  consumerId?: string
  [field: string]: unknown
}

export interface UseIbvEventsOptions {
  /** The backend's stream. @default '/api/ibv/events' */
  url?: string
  /** False closes the stream (and opens none). @default true */
  enabled?: boolean
  /**
   * Called for each event after the cached reports it concerns are updated (or read again). On
   * `invite_used` (with `consumerId` and `productRequestId`), take the new product request for the
   * applicant: it is the one their borrower just connected through an invite (the applicant's
   * invites, as `<InviteBorrowerButton>` shows them, are read again by themselves).
   */
  onEvent?: (event: LiveEvent) => void
  /** The EventSource to use (a polyfill, or a test double of the browser's). @default window.EventSource */
  EventSource?: typeof EventSource
}

const MAX_BACKOFF_MS = 30_000

/**
 * Subscribes to the backend's `/events` stream and updates the cached reports when a webhook
 * lands: a failed generation is written into the cache (no read), a generated report is read once
 * (the backend shares that read between viewers), so a report appears at once. While connected, `useIbvReport` leaves a report in
 * `ibv_data_acquired` (whose next states have webhooks) to the stream and polls it every 30 s;
 * states without a webhook are still polled. When the stream closes it reconnects with backoff
 * (1 s doubling to 30 s) and polling takes over.
 *
 * @example
 * useIbvEvents({ url: '/api/ibv/events' }) // or <IbvEvents url="/api/ibv/events" />
 */
export function useIbvEvents(options: UseIbvEventsOptions = {}) {
  const { queryClient } = useIbvContext('IbvEvents')
  const live = liveStatusOf(queryClient)
  const { url = '/api/ibv/events', enabled = true } = options
  const latest = useLatest(options)

  useEffect(() => {
    const Source =
      latest.current.EventSource ?? (typeof window === 'undefined' ? undefined : window.EventSource)
    if (!enabled || !Source) return
    let source: EventSource | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let lastEventId: string | undefined

    const onEvent = (message: MessageEvent) => {
      if (message.lastEventId) lastEventId = message.lastEventId
      let event: LiveEvent
      try {
        event = JSON.parse(String(message.data)) as LiveEvent
      } catch {
        return
      }
      if (typeof event !== 'object' || event === null) return
      // A new product request for an applicant: no cached report is about it yet. Where the
      // applicant's invites stand changed: read again (<InviteBorrowerButton>'s line), then onEvent.
      if (event.event === 'invite_used') {
        if (typeof event.consumerId === 'string')
          void queryClient.invalidateQueries({
            queryKey: ibvKeys.invites(event.consumerId),
            exact: true,
          })
        latest.current.onEvent?.(event)
        return
      }
      const id =
        typeof event.productRequestId === 'string' && namesItsReport(event.event)
          ? event.productRequestId
          : undefined
      const keys = id
        ? [ibvKeys.report(id)]
        : queryClient
            .getQueryCache()
            .findAll({ queryKey: ibvKeys.reports() })
            .map((query) => query.queryKey)
      for (const queryKey of keys) {
        const effect = reportEventEffect(
          event.event,
          queryClient.getQueryData<ReportAnswer>(queryKey),
        )
        if (effect.kind === 'write') queryClient.setQueryData(queryKey, effect.answer)
        else if (effect.kind === 'read')
          void queryClient.invalidateQueries({ queryKey, exact: true })
      }
      latest.current.onEvent?.(event)
    }
    const connect = () => {
      // A new EventSource sends no Last-Event-ID: say where we stopped, so nothing is missed.
      const resume =
        lastEventId === undefined
          ? url
          : `${url}${url.includes('?') ? '&' : '?'}last_event_id=${encodeURIComponent(lastEventId)}`
      const current = new Source(resume)
      source = current
      current.onopen = () => {
        failures = 0
        live.set(true)
      }
      current.onerror = () => {
        live.set(false)
        // The browser retries a dropped stream by itself; a refused one is closed for good.
        if (current.readyState !== Source.CLOSED) return
        timer = setTimeout(connect, Math.min(1000 * 2 ** failures++, MAX_BACKOFF_MS))
      }
      for (const name of LIVE_STREAM_EVENTS)
        current.addEventListener(name, onEvent as EventListener)
    }
    connect()
    return () => {
      clearTimeout(timer)
      source?.close()
      live.set(false)
    }
  }, [url, enabled, queryClient, live, latest])
}
