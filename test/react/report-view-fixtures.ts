import { vi } from 'vitest'
import type { IbvReport } from '../../src/index.js'
import { createManualClock } from '../../src/sandbox/index.js'
import { createChain } from './chain.js'

// Reports and platform stand-ins shared by the <ReportView> unit tests.

export async function sandboxReport(
  shape: { accounts?: number; features?: number } = {},
): Promise<IbvReport> {
  const chain = createChain({ clock: createManualClock() })
  const { product_request_id: id = '' } = await chain.control('/sandbox/product_requests', {
    consumer_id: 'LND-42',
    ...shape,
  })
  await chain.sandbox.advance(6)
  const answer = await chain.fetchers.report(id)
  if (answer.kind !== 'ready') throw new Error('not ready')
  return answer.report
}

export function handMade(
  data: Record<string, unknown>,
  extra: Partial<IbvReport['accounts'][number]> = {},
): IbvReport {
  return {
    product_request_id: 'IBV-7/x',
    client_id: 'c',
    consumer_id: 'LND-1',
    reference_date: '2026-11-22',
    created_at: '2026-11-22 09:00:00',
    ibv_report_status: 'complete',
    accounts: [
      {
        provider_name: 'Platypus Bank',
        account_name: 'Checking',
        account_type: 'checking',
        routing_number: '011000015',
        account_number: '1234567890',
        owner_name: 'Ada',
        balance: 10,
        items: [
          { item_code: 'ibv_validate_metrics', item_name: 'Metrics', item_version: '1.0.0', data },
        ],
        ...extra,
      },
    ],
  }
}

// jsdom has no clipboard and no object URLs: small stand-ins for the platform, recording calls.
export function fakeClipboard(fail = false) {
  const written: string[] = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) =>
        fail ? Promise.reject(new Error('denied')) : (written.push(text), Promise.resolve()),
    },
  })
  return written
}

export function fakeDownloads() {
  const blobs: Blob[] = []
  const revoked: string[] = []
  const names: string[] = []
  URL.createObjectURL = (blob: Blob) => (blobs.push(blob), `blob:test/${blobs.length}`)
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(`${this.download} ${this.href}`)
  })
  return { blobs, revoked, names }
}

export const parseCsv = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n')
