/** The signal's state machine (src/shared/states/signals.ts): every pair of statuses, for each mover. */
import { describe, expect, it } from 'vitest';
import { SIGNAL_STATUSES, type SignalStatus } from '@shared/constants';
import { SIGNAL_MOVES } from '@shared/states/signals';
import { canMove, movableTo, reachableFrom, type Mover } from '@shared/states/table';

const canMoveSignal = (from: SignalStatus, to: SignalStatus, by: Mover) => canMove(SIGNAL_MOVES, from, to, by);
const signalStatusesMovableTo = (to: SignalStatus, by: Mover) => movableTo(SIGNAL_MOVES, to, by);
const signalStatusesReachableFrom = (from: SignalStatus, by: Mover) => reachableFrom(SIGNAL_MOVES, from, by);

/** The moves written out by hand (docs/engine.md and the decision record), to hold the table to. */
const ALLOWED: Record<Mover, string[]> = {
  admin: ['pending->approved', 'pending->cancelled', 'approved->cancelled', 'running->completed', 'running->cancelled'],
  engine: ['pending->approved', 'pending->cancelled', 'approved->running', 'approved->cancelled', 'running->completed'],
};

describe('signal status moves', () => {
  for (const by of ['admin', 'engine'] as const) {
    for (const from of SIGNAL_STATUSES) {
      for (const to of SIGNAL_STATUSES) {
        const expected = from === to || ALLOWED[by].includes(`${from}->${to}`);
        it(`${by}: ${from} -> ${to} is ${expected ? 'allowed' : 'refused'}`, () => {
          expect(canMoveSignal(from, to, by)).toBe(expected);
        });
      }
    }
  }

  it('completed and cancelled are final for everyone', () => {
    for (const from of ['completed', 'cancelled'] as const)
      for (const by of ['admin', 'engine'] as const) expect(signalStatusesReachableFrom(from, by)).toEqual([from]);
  });

  it('the UPDATE guard lists the statuses a move may start from, the target itself included', () => {
    const guard = (to: SignalStatus, by: Mover) => signalStatusesMovableTo(to, by).sort();
    expect(guard('approved', 'admin')).toEqual(['approved', 'pending']);
    expect(guard('cancelled', 'admin')).toEqual(['approved', 'cancelled', 'pending', 'running']);
    expect(guard('pending', 'admin')).toEqual(['pending']);
    expect(guard('running', 'admin')).toEqual(['running']);
    expect(guard('running', 'engine')).toEqual(['approved', 'running']);
    expect(guard('completed', 'admin')).toEqual(['completed', 'running']);
  });

  it("Edit Levels' choices start with the current status", () => {
    expect(signalStatusesReachableFrom('pending', 'admin')).toEqual(['pending', 'approved', 'cancelled']);
    expect(signalStatusesReachableFrom('approved', 'admin')).toEqual(['approved', 'cancelled']);
    expect(signalStatusesReachableFrom('running', 'admin')).toEqual(['running', 'completed', 'cancelled']);
  });
});
