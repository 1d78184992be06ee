/**
 * The protective order's state machine (src/shared/states/protections.ts): every pair of states, allowed or
 * refused, as docs/engine.md lists the moves.
 */
import { describe, expect, it } from 'vitest';
import {
  EXIT_BLOCKING_STATES,
  LIVE_PROTECTION_STATES,
  PROTECTION_MOVES,
  PROTECTION_STATES,
  RESTING_PROTECTION_STATES,
  type ProtectionRowState,
} from '@shared/states/protections';
import { canMove, reachableFrom } from '@shared/states/table';

const ALLOWED: [ProtectionRowState, ProtectionRowState][] = [
  ['placing', 'active'],
  ['placing', 'rejected'],
  ['placing', 'cancelled'],
  ['active', 'modifying'],
  ['active', 'cancelling'],
  ['active', 'triggered'],
  ['active', 'expired'],
  ['active', 'disabled'],
  ['active', 'cancelled'],
  // Triggered, but the order the broker places failed (Kite's order_result "failed", Dhan's RMS).
  ['active', 'failed'],
  ['modifying', 'active'],
  ['modifying', 'triggered'],
  ['modifying', 'cancelling'],
  ['modifying', 'cancelled'],
  ['modifying', 'failed'],
  ['cancelling', 'cancelled'],
  ['cancelling', 'triggered'],
  ['cancelling', 'failed'],
  ['triggered', 'done'],
  ['expired', 'placing'],
  ['expired', 'cancelled'],
  ['disabled', 'placing'],
  ['disabled', 'cancelled'],
  // Placed again after Trabot cancelled it for a partial exit of its own.
  ['cancelled', 'placing'],
];
const key = (from: string, to: string) => `${from} -> ${to}`;
const allowed = new Set(ALLOWED.map(([from, to]) => key(from, to)));

describe('the protection state table', () => {
  const pairs = PROTECTION_STATES.flatMap((from) => PROTECTION_STATES.map((to) => [from, to] as const));
  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canMove(PROTECTION_MOVES, from, to, 'engine')).toBe(allowed.has(key(from, to)));
    expect(canMove(PROTECTION_MOVES, from, to, 'admin')).toBe(false);
  });

  it('names every state, and only the listed moves', () => {
    expect(Object.keys(PROTECTION_MOVES).sort()).toEqual([...PROTECTION_STATES].sort());
    const listed = Object.entries(PROTECTION_MOVES).flatMap(([from, tos]) =>
      Object.keys(tos).map((to) => key(from, to)),
    );
    expect(listed.sort()).toEqual([...allowed].sort());
  });

  it('has three final states, and a trigger leads only to done', () => {
    const final = PROTECTION_STATES.filter((s) => reachableFrom(PROTECTION_MOVES, s, 'engine').length === 0);
    expect(final.sort()).toEqual(['done', 'failed', 'rejected']);
    expect(reachableFrom(PROTECTION_MOVES, 'triggered', 'engine')).toEqual(['done']);
  });

  it('blocks Trabot exits while a protection may rest or has executed at the broker', () => {
    expect(LIVE_PROTECTION_STATES).toEqual(['placing', 'active', 'modifying', 'cancelling']);
    expect(EXIT_BLOCKING_STATES).toContain('triggered');
    expect(RESTING_PROTECTION_STATES).toEqual(['active', 'modifying', 'triggered']);
    for (const s of ['cancelled', 'done', 'rejected', 'expired', 'disabled', 'failed'] as const)
      expect(EXIT_BLOCKING_STATES).not.toContain(s);
  });
});
