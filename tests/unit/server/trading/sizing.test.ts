// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sizePosition, type SizingSignal, type SizingSubscription } from '@server/trading/sizing';
import {
  WORKED_EXAMPLE_SIGNAL as signal,
  WORKED_EXAMPLE_SUBSCRIPTION as subscription,
} from '@tests/factories/worked-example';

const size = (
  sub: Partial<SizingSubscription> = {},
  sig: Partial<SizingSignal> = {},
  accessKeyValid = true,
  price?: number,
) => sizePosition({ subscription: { ...subscription, ...sub }, signal: { ...signal, ...sig }, accessKeyValid, price });

describe('sizePosition', () => {
  it('sizes the worked example: 1,000 shares by risk, 500 for half a portion, capped at 400 by allocation', () => {
    expect(size()).toEqual({
      ok: true,
      quantity: 400,
      riskBudget: 5_000,
      riskReward: 2.5,
      allocationPercent: 20,
      lossAtStop: 2_000,
    });
  });

  it('keeps the risk quantity scaled by the portion when the allocation cap is higher', () => {
    expect(size({ max_percent_allocation_pertrade: 60 })).toMatchObject({
      ok: true,
      quantity: 500,
      allocationPercent: 25,
    });
    expect(size({ max_percent_allocation_pertrade: 60 }, { portion_in_trade: 100 })).toMatchObject({
      ok: true,
      quantity: 1_000,
      lossAtStop: 5_000,
    });
    expect(size({ max_percent_allocation_pertrade: 60 }, { portion_in_trade: 25 })).toMatchObject({
      ok: true,
      quantity: 250,
    });
  });

  it('floors each step to whole shares', () => {
    // 5,000 / 3 = 1,666.67 -> 1,666; x 25 % = 416.5 -> 416.
    expect(
      size({ max_percent_allocation_pertrade: 100 }, { stop_loss_level: 247, target_level: 260, portion_in_trade: 25 }),
    ).toMatchObject({
      ok: true,
      quantity: 416,
    });
  });

  it('does not lose a share to floating-point noise', () => {
    // 100.01 - 99.91 = 0.10000000000000853 in binary, so 300 / it = 2999.99999999974.
    const result = size(
      {
        max_total_capital: 1_000_000,
        risk_percent_pertrade: 0.03,
        max_percent_allocation_pertrade: 100,
        min_percent_allocation_pertrade: 0,
      },
      { entry_level: 100.01, stop_loss_level: 99.91, target_level: 101, portion_in_trade: 100 },
    );
    expect(result).toMatchObject({ ok: true, quantity: 3_000, lossAtStop: 300 });
  });

  it('sizes a short signal the same way (stop-loss above the entry)', () => {
    expect(
      size(
        {},
        { trade_direction: 'short', entry_level: 100, stop_loss_level: 104, target_level: 90, portion_in_trade: 100 },
      ),
    ).toMatchObject({
      ok: true,
      quantity: 1_000,
      riskReward: 2.5,
      lossAtStop: 4_000,
    });
  });

  it('skips an account whose broker key is invalid before anything else', () => {
    expect(size({}, { entry_level: 250, stop_loss_level: 250 }, false)).toEqual({
      ok: false,
      reason: 'invalid_key',
      detail: 'the broker access key is invalid',
    });
  });

  it.each([
    ['a stop-loss equal to the entry', { stop_loss_level: 250 }],
    ['a stop-loss above the entry of a long', { stop_loss_level: 255 }],
    ['a target below the entry of a long', { target_level: 240 }],
    ['a long laid out as a short', { stop_loss_level: 262.5, target_level: 245 }],
    ['a short laid out as a long', { trade_direction: 'short' as const }],
  ])('skips levels on the wrong side of the entry: %s', (_, sig) => {
    expect(size({}, sig)).toMatchObject({
      ok: false,
      reason: 'invalid_levels',
      detail: expect.stringMatching(/^for a (long|short) trade the stop-loss/),
    });
  });

  it('names the levels in the skip', () => {
    expect(size({}, { stop_loss_level: 255, target_level: 240 })).toEqual({
      ok: false,
      reason: 'invalid_levels',
      detail: 'for a long trade the stop-loss (255) must be below the entry (250) and the target (240) above it',
    });
  });

  it('skips a subscription without capital with its own reason', () => {
    expect(size({ max_total_capital: 0 })).toEqual({
      ok: false,
      reason: 'no_capital',
      detail: "the subscription's max total capital is 0",
    });
  });

  it('sizes at the price the order gets: risk, risk-reward and the allocation cap from it', () => {
    // 5,000 / (251.5 - 245) = 769.2 -> 769; 50 % = 384; the cap floor(1,00,000 / 251.5) = 397 allows it.
    expect(size({}, {}, true, 251.5)).toEqual({
      ok: true,
      quantity: 384,
      riskBudget: 5_000,
      riskReward: 1.69,
      allocationPercent: 19.32,
      lossAtStop: 2_496,
    });
    // Lower: the cap binds at floor(1,00,000 / 248) = 403 of 5,000 / 3 x 50 % = 833.
    expect(size({}, {}, true, 248)).toMatchObject({ ok: true, quantity: 403, lossAtStop: 1_209 });
  });

  it('skips a price already beyond the stop-loss or the target', () => {
    for (const price of [245, 240, 262.5, 270]) {
      expect(size({}, {}, true, price)).toMatchObject({
        ok: false,
        reason: 'price_beyond_levels',
        detail: `the price ${price} is not between the stop-loss 245 and the target 262.5`,
      });
    }
  });

  it('never sizes a portion above 100 % over the risk budget', () => {
    expect(size({ max_percent_allocation_pertrade: 100 }, { portion_in_trade: 250 })).toMatchObject({
      ok: true,
      quantity: 1_000,
      lossAtStop: 5_000,
    });
  });

  it('skips a signal whose risk-reward is below the required minimum, and accepts it at the minimum', () => {
    expect(size({ min_required_risk_reward: 2.51 })).toEqual({
      ok: false,
      reason: 'risk_reward_below_min',
      detail: 'risk-reward 2.5 at 250 is below the required 2.51',
    });
    expect(size({ min_required_risk_reward: 2.5 })).toMatchObject({ ok: true });
  });

  it('skips when the quantity comes to 0', () => {
    // Risk budget 50 for 60 of risk per share.
    expect(
      size(
        { max_total_capital: 5_000, min_percent_allocation_pertrade: 0 },
        { stop_loss_level: 190, target_level: 400 },
      ),
    ).toEqual({
      ok: false,
      reason: 'zero_quantity',
      detail: 'the quantity comes to 0 (risk budget 50, price 250)',
    });
    // The allocation cap alone is below one share.
    expect(size({ max_percent_allocation_pertrade: 0.04 })).toMatchObject({ ok: false, reason: 'zero_quantity' });
  });

  it('skips when the allocation is below the minimum, and accepts it at the minimum', () => {
    expect(size({ min_percent_allocation_pertrade: 20.01 })).toEqual({
      ok: false,
      reason: 'allocation_below_min',
      detail: 'allocation 20% is below the minimum 20.01%',
    });
    expect(size({ min_percent_allocation_pertrade: 20 })).toMatchObject({ ok: true, quantity: 400 });
  });

  it('skips when the loss at stop-loss exceeds the maximum, and accepts it at the maximum', () => {
    expect(size({ max_acceptable_loss: 1_999.99 })).toEqual({
      ok: false,
      reason: 'loss_above_max',
      detail: 'loss at stop-loss 2000 exceeds the maximum 1999.99',
    });
    expect(size({ max_acceptable_loss: 2_000 })).toMatchObject({ ok: true, lossAtStop: 2_000 });
  });
});
