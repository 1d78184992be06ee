/**
 * The statuses a guarded UPDATE starts from (src/server/states/guarded-update.ts, `sourcesOf`), for
 * the engine's signal moves: every pair of statuses, which the engine may make and which it may not.
 */
import { describe, expect, it } from 'vitest';
import { SIGNAL_STATUSES, type SignalStatus } from '@shared/constants';
import { sourcesOf } from '@server/states/guarded-update';
import { SIGNAL_MOVES } from '@shared/states/signals';

const engineSignalMovesFrom = (to: SignalStatus, from?: readonly SignalStatus[]) =>
  sourcesOf(SIGNAL_MOVES, to, 'engine', { from, row: 'signal' });

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

describe('a move that keeps the status (stay), and a superadmin narrowed to pending', () => {
  it('lists the target itself only when the row may stay there', () => {
    expect(sourcesOf(SIGNAL_MOVES, 'cancelled', 'admin', { stay: true }).sort()).toEqual([
      'approved',
      'cancelled',
      'pending',
      'running',
    ]);
    expect(sourcesOf(SIGNAL_MOVES, 'cancelled', 'admin').sort()).toEqual(['approved', 'pending', 'running']);
  });

  it('a decision starts from pending only, a move the table lets a superadmin make', () => {
    expect(sourcesOf(SIGNAL_MOVES, 'approved', 'admin', { from: ['pending'], row: 'signal' })).toEqual(['pending']);
    expect(() => sourcesOf(SIGNAL_MOVES, 'running', 'admin', { from: ['approved'], row: 'signal' })).toThrow(
      'the admin may not move a signal from approved to running',
    );
  });
});
