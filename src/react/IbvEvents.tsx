'use client'
import { useIbvEvents, type UseIbvEventsOptions } from './useIbvEvents.js'

/**
 * Live updates from the backend's `/events` stream for everything inside `<IbvProvider>`: a
 * report appears the moment its webhook lands. Renders nothing.
 *
 * @example
 * <IbvProvider fetchers={fetchers} serviceUrl={serviceUrl}>
 *   <IbvEvents url="/api/ibv/events" />
 * </IbvProvider>
 */
export function IbvEvents(props: UseIbvEventsOptions) {
  useIbvEvents(props)
  return null
}
