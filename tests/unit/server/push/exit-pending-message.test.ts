/**
 * The member's push when an exit stays open at the broker after the exit chase (push-notifier.ts):
 * what it says, and that it goes to the devices that want trade closings.
 */
import { describe, expect, it } from 'vitest';
import { exitPendingAdminMessage, exitPendingMessage } from '@server/push/push-notifier';

describe('exitPendingMessage', () => {
  it('names the symbol, the shares left and the broker, one tag per trade', () => {
    expect(
      exitPendingMessage({
        trabot_trade_id: 42,
        trabot_account_id: 7,
        symbol: 'INFY',
        broker: 'zerodha',
        quantity: 320,
      }),
    ).toEqual({
      kind: 'trade_closed',
      title: 'Exit pending at the broker: INFY',
      body: '320 shares still to exit at zerodha: the order is open after every attempt to meet the market.',
      tag: 'trade-42-exit-pending',
      url: '/dashboard/trades',
    });
    expect(
      exitPendingMessage({ trabot_trade_id: 1, trabot_account_id: 7, symbol: 'TCS', broker: 'paper', quantity: 1 })
        .body,
    ).toMatch(/^1 share still/);
  });

  it("tells the superadmins' devices (kind signals) the trade, the account and the shares left, linking the warnings", () => {
    expect(
      exitPendingAdminMessage({
        trabot_trade_id: 42,
        trabot_account_id: 7,
        symbol: 'INFY',
        broker: 'zerodha',
        quantity: 320,
      }),
    ).toEqual({
      kind: 'signals',
      title: 'Exit pending at the broker: INFY',
      body: 'Trade 42 of account 7: 320 still to exit at zerodha after every modification toward the market.',
      tag: 'trade-42-exit-pending',
      url: '/dashboard/admin/warnings',
    });
  });
});
