/**
 * The engine's signal moves (engine/signal-states.ts over src/shared/signal-states.ts): every pair
 * of statuses, which the engine may make and which it may not.
 */
import { describe, expect, it } from 'vitest';
import { SIGNAL_STATUSES, type SignalStatus } from '@shared/constants';
import { engineSignalMovesFrom } from '@server/engine/signal-states';

const ENGINE_MOVES: [SignalStatus, SignalStatus][] = [
  ['pending', 'approved'],
  ['pending', 'cancelled'],
  ['approved', 'running'],
  ['approved', 'cancelled'],
  ['running', 'completed'],
];
const key = (from: string, to: string) => `${from} -> ${to}`;
const allowed = new Set(ENGINE_MOVES.map(([from, to]) => key(from, to)));

describe("the engine's signal moves", () => {
  const pairs = SIGNAL_STATUSES.flatMap((from) => SIGNAL_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s', (from, to) => {
    if (allowed.has(key(from, to))) {
      expect(engineSignalMovesFrom(to, [from])).toEqual([from]);
      expect(engineSignalMovesFrom(to)).toContain(from);
    } else {
      expect(() => engineSignalMovesFrom(to, [from])).toThrow(`from ${from} to ${to}`);
      expect(engineSignalMovesFrom(to)).not.toContain(from);
    }
  });

  it('guards each status with exactly the statuses the engine moves it from', () => {
    const guards = Object.fromEntries(SIGNAL_STATUSES.map((to) => [to, engineSignalMovesFrom(to).sort()]));
    expect(guards).toEqual({
      pending: [],
      approved: ['pending'],
      running: ['approved'],
      completed: ['running'],
      cancelled: ['approved', 'pending'],
    });
  });
});
