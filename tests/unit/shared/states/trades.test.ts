/** The trade's state machine (src/shared/states/trades.ts): every pair of statuses, for each mover. */
import { describe, expect, it } from 'vitest';
import { TRADE_EDIT_STATUSES, TRADE_STATUSES, type TradeStatus } from '@shared/constants';
import { canMove, movableTo, reachableFrom, type Mover } from '@shared/states/table';
import { statusAfterFills, TRADE_DONE_STATUSES, TRADE_MOVES } from '@shared/states/trades';

const canMoveTrade = (from: TradeStatus, to: TradeStatus, by: Mover) => canMove(TRADE_MOVES, from, to, by);
const tradeStatusesMovableTo = (to: TradeStatus, by: Mover) => movableTo(TRADE_MOVES, to, by);
const tradeStatusesReachableFrom = (from: TradeStatus, by: Mover) => reachableFrom(TRADE_MOVES, from, by);

/** The moves written out by hand (docs/engine.md and the decision record), to hold the table to. */
const ALLOWED: Record<Mover, string[]> = {
  admin: [
    'pending->cancelled',
    'pending->open',
    'approved->pending',
    'approved->cancelled',
    'approved->open',
    'running->open',
    'running->closed',
    'open->closed',
    'closed->open',
  ],
  engine: ['pending->running', 'pending->cancelled', 'running->completed', 'open->completed'],
};

describe('trade status moves', () => {
  for (const by of ['admin', 'engine'] as const) {
    for (const from of TRADE_STATUSES) {
      for (const to of TRADE_STATUSES) {
        const expected = from === to || ALLOWED[by].includes(`${from}->${to}`);
        it(`${by}: ${from} -> ${to} is ${expected ? 'allowed' : 'refused'}`, () => {
          expect(canMoveTrade(from, to, by)).toBe(expected);
        });
      }
    }
  }

  it('completed and cancelled are final for everyone; nothing but the engine reaches running or completed', () => {
    for (const from of ['completed', 'cancelled'] as const)
      for (const by of ['admin', 'engine'] as const) expect(tradeStatusesReachableFrom(from, by)).toEqual([from]);
    for (const to of ['running', 'completed'] as const) expect(tradeStatusesMovableTo(to, 'admin')).toEqual([to]);
  });

  it('the admin moves a trade only to the spec edit form statuses; the engine never to the admin ones', () => {
    for (const from of TRADE_STATUSES)
      for (const to of tradeStatusesReachableFrom(from, 'admin').slice(1))
        expect(TRADE_EDIT_STATUSES as readonly TradeStatus[], `${from} -> ${to}`).toContain(to);
    for (const from of TRADE_STATUSES)
      for (const to of tradeStatusesReachableFrom(from, 'engine').slice(1))
        expect(['running', 'completed', 'cancelled'], `${from} -> ${to}`).toContain(to);
  });

  it('the UPDATE guard lists the statuses a move may start from, the target itself included', () => {
    const guard = (to: TradeStatus, by: Mover) => tradeStatusesMovableTo(to, by).sort();
    expect(guard('running', 'engine')).toEqual(['pending', 'running']);
    expect(guard('completed', 'engine')).toEqual(['completed', 'open', 'running']);
    expect(guard('cancelled', 'engine')).toEqual(['cancelled', 'pending']);
    expect(guard('cancelled', 'admin')).toEqual(['approved', 'cancelled', 'pending']);
    expect(guard('open', 'admin')).toEqual(['approved', 'closed', 'open', 'pending', 'running']);
    expect(guard('closed', 'admin')).toEqual(['closed', 'open', 'running']);
    expect(guard('pending', 'admin')).toEqual(['approved', 'pending']);
  });

  it("the admin trade edit's choices start with the current status", () => {
    expect(tradeStatusesReachableFrom('pending', 'admin')).toEqual(['pending', 'cancelled', 'open']);
    expect(tradeStatusesReachableFrom('running', 'admin')).toEqual(['running', 'open', 'closed']);
    expect(tradeStatusesReachableFrom('open', 'admin')).toEqual(['open', 'closed']);
    expect(tradeStatusesReachableFrom('closed', 'admin')).toEqual(['closed', 'open']);
  });

  it('a trade the engine no longer trades: completed, cancelled, closed by the admin', () => {
    expect([...TRADE_DONE_STATUSES].sort()).toEqual(['cancelled', 'closed', 'completed']);
    for (const status of TRADE_DONE_STATUSES)
      expect(tradeStatusesReachableFrom(status, 'engine'), status).toEqual([status]);
  });
});

describe('the status after fills (bookFills)', () => {
  // from x nothing held -> the status the engine asks for, and whether the table lets it.
  const CASES: [TradeStatus, boolean, TradeStatus, boolean][] = [
    ['pending', false, 'running', true],
    ['pending', true, 'completed', false],
    ['approved', false, 'running', false],
    ['approved', true, 'completed', false],
    ['running', false, 'running', true],
    ['running', true, 'completed', true],
    ['open', false, 'open', true],
    ['open', true, 'completed', true],
    ['closed', false, 'running', false],
    ['closed', true, 'completed', false],
    ['completed', true, 'completed', true],
    ['completed', false, 'running', false],
    ['cancelled', false, 'running', false],
    ['cancelled', true, 'completed', false],
  ];
  it('covers every status, held or not', () => {
    for (const status of TRADE_STATUSES)
      for (const held of [false, true])
        expect(
          CASES.filter(([from, nothingHeld]) => from === status && nothingHeld === held),
          `${status} ${held}`,
        ).toHaveLength(1);
  });
  for (const [from, nothingHeld, to, allowed] of CASES)
    it(`${from}, ${nothingHeld ? 'nothing held' : 'shares held'} -> ${to} (${allowed ? 'moved' : 'refused, stays ' + from})`, () => {
      expect(statusAfterFills(from, nothingHeld)).toBe(to);
      expect(canMoveTrade(from, to, 'engine')).toBe(allowed);
    });
});
