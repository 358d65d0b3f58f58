import { describe, expectTypeOf, it } from 'vitest'
import type { ConnectButtonProps, UseConnectWidgetOptions } from '../../src/index.js'

// Whose bank the widget connects is exactly one of `consumerId` (the lender's pages) and `invite`
// (the borrower's page an invite link opened): neither, or both, does not compile.
describe('ConnectButton and useConnectWidget: consumerId or invite', () => {
  it('takes a consumer id, or an invite', () => {
    expectTypeOf({ consumerId: 'LND-42' }).toExtend<UseConnectWidgetOptions>()
    expectTypeOf({ invite: 'v1.abc.def' }).toExtend<UseConnectWidgetOptions>()
    expectTypeOf({ consumerId: 'LND-42', className: 'primary' }).toExtend<ConnectButtonProps>()
  })

  it('refuses neither, and both', () => {
    expectTypeOf({ onSuccess: () => {} }).not.toExtend<UseConnectWidgetOptions>()
    expectTypeOf({
      consumerId: 'LND-42',
      invite: 'v1.abc.def',
    }).not.toExtend<UseConnectWidgetOptions>()
    expectTypeOf({ className: 'primary' }).not.toExtend<ConnectButtonProps>()
    expectTypeOf({ consumerId: 'LND-42', invite: 'v1.abc.def' }).not.toExtend<ConnectButtonProps>()
  })
})
