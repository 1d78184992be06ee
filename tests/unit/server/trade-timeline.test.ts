/** The trade's story from stored rows (server/services/trade-timeline.ts): order, titles, matching fills to orders, P&L. */
import { describe, expect, it } from 'vitest';
import { buildTimeline, tradePnl, type TimelineInput } from '@server/services/trade-timeline';

const at = (hhmm: string) => new Date(`2026-04-06T${hhmm}:00+05:30`);
const leg = (over: Partial<TimelineInput['legs'][number]>): TimelineInput['legs'][number] => ({
  side: 'entry',
  source: 'signal',
  client_order_id: 'TB7L1',
  order_type: 'market',
  quantity: 10,
  limit_price: null,
  trigger_price: null,
  state: 'open',
  broker_order_id: null,
  filled_quantity: 0,
  average_price: null,
  reason: null,
  created_at: at('10:00'),
  updated_at: at('10:00'),
  ...over,
});
const input = (over: Partial<TimelineInput>): TimelineInput => ({
  signal: null,
  events: [],
  legs: [],
  entries: [],
  exits: [],
  ...over,
});
const titles = (i: TimelineInput) => buildTimeline(i).map((s) => s.title);

describe('buildTimeline', () => {
  it("starts with the signal's arrival from its own row when the signal is older than its history", () => {
    const [first] = buildTimeline(input({ signal: { created_at: at('09:20'), source: 'manual' } }));
    expect(first).toMatchObject({
      at: at('09:20').toISOString(),
      kind: 'signal_received',
      title: 'Signal received',
      note: 'Added by hand (Add Signal)',
      by: null,
    });
  });

  it('keeps the order of the story for steps at the same instant, whatever the order of the rows', () => {
    const story = input({
      signal: { created_at: at('09:20'), source: 'webhook' },
      events: [
        { at: at('09:20'), kind: 'approved', user_name: null, details: { auto: true } },
        { at: at('09:20'), kind: 'received', user_name: null, details: { source: 'webhook' } },
      ],
      legs: [
        leg({ created_at: at('09:20'), state: 'rejected', updated_at: at('09:20'), reason: 'RMS: margin exceeds' }),
      ],
    });
    expect(buildTimeline(story).map((s) => [s.title, s.note])).toEqual([
      ['Signal received', "From the algo's webhook"],
      ['Approved', 'Approved by the algo itself (auto approval)'],
      ['Entry order placed', null],
      ['Entry order rejected', 'RMS: margin exceeds'],
    ]);
  });

  it('names a levels change by what moved', () => {
    const changed = (details: Record<string, unknown>) =>
      titles(
        input({
          signal: { created_at: at('09:00'), source: 'manual' },
          events: [{ at: at('10:00'), kind: 'levels_changed', user_name: 'Ops', details }],
        }),
      )[1];
    expect(changed({ target_level: { from: 110, to: 120 } })).toBe('Target moved');
    expect(changed({ target_level: { from: 110, to: 120 }, stop_loss_level: { from: 90, to: 95 } })).toBe(
      'Levels changed',
    );
    expect(changed({ trade_status: { from: 'pending', to: 'completed' } })).toBe('Signal status changed');
    const [, step] = buildTimeline(
      input({
        signal: { created_at: at('09:00'), source: 'manual' },
        events: [
          {
            at: at('10:00'),
            kind: 'levels_changed',
            user_name: 'Ops',
            details: { stop_loss_level: { from: 90, to: 95 }, trade_status: { from: 'approved', to: 'running' } },
          },
        ],
      }),
    );
    expect(step).toMatchObject({
      by: 'Ops',
      changes: [{ field: 'stop_loss_level', from: 90, to: 95 }],
      note: 'Signal status approved → running',
    });
  });

  it("tells a manual order's terms", () => {
    const [, step] = buildTimeline(
      input({
        signal: { created_at: at('09:00'), source: 'manual' },
        events: [
          {
            at: at('11:00'),
            kind: 'manual_exit',
            user_name: 'Ops',
            details: { manual_order_id: 4, portion: 0.5, order_type: 'limit', limit_price: 412.5, trigger_price: null },
          },
        ],
      }),
    );
    expect(step).toMatchObject({
      kind: 'manual_exit',
      title: 'Manual exit ordered',
      by: 'Ops',
      order_type: 'limit',
      price: 412.5,
      note: '50% of the position',
    });
  });

  it("matches a fill to its order by the broker's order number; a fill without one is a plain entry or exit; a filled order not yet booked shows its own fill", () => {
    const story = buildTimeline(
      input({
        legs: [
          leg({
            broker_order_id: 'B1',
            state: 'filled',
            filled_quantity: 10,
            average_price: 100,
            updated_at: at('10:01'),
          }),
          leg({
            side: 'exit',
            source: 'stop_loss',
            client_order_id: 'TB7L2',
            broker_order_id: 'B2',
            state: 'filled',
            filled_quantity: 10,
            average_price: 95,
            created_at: at('11:00'),
            updated_at: at('11:01'),
          }),
        ],
        entries: [
          {
            trade_entry_quantity: 10,
            trade_entry_price: 100,
            trade_entry_timestamp: at('10:01'),
            order_id: 'B1',
            charges: 1.35,
          },
        ],
        exits: [
          {
            trade_exit_quantity: 3,
            trade_exit_price: 96,
            trade_exit_timestamp: at('10:30'),
            order_id: 'OUTSIDE',
            charges: 0,
          },
        ],
      }),
    );
    expect(story.map((s) => [s.title, s.client_order_id, s.quantity, s.price, s.charges])).toEqual([
      ['Entry order placed', 'TB7L1', 10, null, null],
      ['Entry filled', 'TB7L1', 10, 100, 1.35],
      ['Exit filled', null, 3, 96, 0],
      ['Stop-loss exit order placed', 'TB7L2', 10, null, null],
      ['Stop-loss exit filled', 'TB7L2', 10, 95, null],
    ]);
  });
});

describe('tradePnl', () => {
  const exit = (quantity: number, price: number, charges: number) => ({
    trade_exit_quantity: quantity,
    trade_exit_price: price,
    trade_exit_timestamp: at('12:00'),
    order_id: null,
    charges,
  });
  const entry = {
    trade_entry_quantity: 10,
    trade_entry_price: 100,
    trade_entry_timestamp: at('10:00'),
    order_id: null,
    charges: 23.6,
  };

  it('realises each exit against the average entry, reversed for a short, less every charge', () => {
    expect(
      tradePnl({ trade_direction: 'long', avg_entry_price: 100 }, [entry], [exit(4, 110, 1.1), exit(6, 95, 0.57)]),
    ).toEqual({ realized: 10, charges: 25.27, net: -15.27 });
    expect(tradePnl({ trade_direction: 'short', avg_entry_price: 100 }, [entry], [exit(10, 90, 0.9)])).toEqual({
      realized: 100,
      charges: 24.5,
      net: 75.5,
    });
  });

  it('counts only charges while nothing has been exited or entered', () => {
    expect(tradePnl({ trade_direction: 'long', avg_entry_price: 100 }, [entry], [])).toEqual({
      realized: 0,
      charges: 23.6,
      net: -23.6,
    });
    expect(tradePnl({ trade_direction: 'long', avg_entry_price: null }, [], [])).toEqual({
      realized: 0,
      charges: 0,
      net: 0,
    });
  });
});
