/** The order leg's state machine (src/shared/states/legs.ts): every pair of states. */
import { describe, expect, it } from 'vitest';
import { LEG_MOVES, ORDER_LEG_STATES, UNSETTLED_LEG_STATES } from '@shared/states/legs';
import { canMove, reachableFrom } from '@shared/states/table';

describe('the leg transition table', () => {
  it('moves unsettled legs to any answer and keeps settled legs final', () => {
    expect(UNSETTLED_LEG_STATES).toEqual(['new', 'sending', 'open']);
    for (const from of ORDER_LEG_STATES)
      for (const to of ORDER_LEG_STATES) {
        const expected =
          UNSETTLED_LEG_STATES.includes(from) && ['open', 'filled', 'cancelled', 'rejected'].includes(to);
        expect(canMove(LEG_MOVES, from, to, 'engine'), `${from} -> ${to}`).toBe(expected);
        expect(canMove(LEG_MOVES, from, to, 'admin'), `admin: ${from} -> ${to}`).toBe(false);
      }
    expect(reachableFrom(LEG_MOVES, 'filled', 'engine')).toEqual([]);
  });

  it('lets an open leg stay open (a partial fill), and no settled leg stay where it is', () => {
    expect(canMove(LEG_MOVES, 'open', 'open', 'engine')).toBe(true);
    for (const s of ['new', 'sending', 'filled', 'cancelled', 'rejected'] as const)
      expect(canMove(LEG_MOVES, s, s, 'engine'), s).toBe(false);
  });
});
