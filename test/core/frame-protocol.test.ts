import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  MAX_FRAME_HEIGHT,
  decodeReportMessage,
  decodeWidgetMessage,
  isFrameMessage,
  type ReportPageMessage,
  type WidgetPageMessage,
} from '../../src/core/index.js'

describe('the frame protocol', () => {
  it('decodes what the report page says', () => {
    const said: ReportPageMessage[] = [
      { type: 'ibv:ready' },
      { type: 'ibv:resize', height: 480.2 },
      { type: 'ibv:token_expired' },
    ]
    expect(said.map(decodeReportMessage)).toEqual([
      { type: 'ready' },
      { type: 'resize', height: 481 },
      { type: 'token_expired' },
    ])
  })

  it.each([0, -1, MAX_FRAME_HEIGHT + 1, Number.NaN, '480', '100vh', null])(
    'ignores a height of %j',
    (height) => {
      expect(decodeReportMessage({ type: 'ibv:resize', height })).toBeUndefined()
      expect(decodeWidgetMessage({ type: 'ibv:resize', height })).toBeUndefined()
    },
  )

  it('decodes what the widget says, in camelCase', () => {
    const said: WidgetPageMessage[] = [
      { type: 'ibv:ready' },
      { type: 'ibv:event', name: 'OPEN', metadata: { mode: 'connect' } },
      {
        type: 'ibv:success',
        product_request_id: 'IBV-1',
        institution: { id: 'ins_1', name: 'Platypus Bank' },
      },
      {
        type: 'ibv:exit',
        error: { code: 'INVALID_CREDENTIALS', message: 'Wrong password' },
        metadata: {
          status: 'reconnect_required',
          product_request_id: 'IBV-2',
          institution_name: 'Platypus Bank',
        },
      },
      { type: 'ibv:close_requested' },
      { type: 'ibv:exit_pending', error: null, metadata: {} },
    ]
    expect(said.map(decodeWidgetMessage)).toEqual([
      { type: 'ready' },
      { type: 'event', name: 'OPEN', metadata: { mode: 'connect' } },
      {
        type: 'success',
        productRequestId: 'IBV-1',
        institution: { id: 'ins_1', name: 'Platypus Bank' },
      },
      {
        type: 'exit',
        error: { code: 'INVALID_CREDENTIALS', message: 'Wrong password' },
        metadata: {
          status: 'reconnect_required',
          product_request_id: 'IBV-2',
          institution_name: 'Platypus Bank',
          productRequestId: 'IBV-2',
          institutionName: 'Platypus Bank',
        },
      },
      {
        type: 'exit',
        error: null,
        metadata: {
          status: 'closed_by_user',
          productRequestId: undefined,
          institutionName: undefined,
        },
      },
      {
        type: 'pending',
        error: null,
        metadata: {
          status: 'closed_by_user',
          productRequestId: undefined,
          institutionName: undefined,
        },
      },
    ])
  })

  it('refuses a success without a product request or a bank, and an exit with a malformed error', () => {
    expect(
      decodeWidgetMessage({
        type: 'ibv:success',
        product_request_id: '',
        institution: { name: 'Bank' },
      }),
    ).toBeUndefined()
    expect(
      decodeWidgetMessage({
        type: 'ibv:success',
        product_request_id: 'IBV-1',
        institution: 'Bank',
      }),
    ).toBeUndefined()
    expect(decodeWidgetMessage({ type: 'ibv:exit', error: 'boom', metadata: {} })).toBeUndefined()
    expect(decodeWidgetMessage({ type: 'ibv:event', name: '' })).toBeUndefined()
  })

  it('tells a protocol message from anything else', () => {
    expect(isFrameMessage({ type: 'ibv:ready' })).toBe(true)
    expect(isFrameMessage({ type: 'webpackOk' })).toBe(false)
    expect(isFrameMessage('ibv:ready')).toBe(false)
  })

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        decodeReportMessage(data)
        decodeWidgetMessage(data)
        isFrameMessage(data)
      }),
    )
  })
})
