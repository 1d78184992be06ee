/**
 * The helpers every state table shares (src/shared/states/table.ts), once, on a table of their own:
 * each table's moves are held to by its own test (trades, signals, legs, protections).
 */
import { describe, expect, it } from 'vitest';
import { canMove, movableTo, reachableFrom, withStays, type StateTable } from '@shared/states/table';

type S = 'a' | 'b' | 'c' | 'd';
const MOVES: StateTable<S> = {
  a: { b: ['engine'], c: ['admin', 'engine'] },
  b: { c: ['admin'], b: ['engine'] },
  c: { a: ['admin'] },
  d: {},
};

describe('canMove', () => {
  it('allows a listed move to the movers listed, and nothing else', () => {
    expect(canMove(MOVES, 'a', 'b', 'engine')).toBe(true);
    expect(canMove(MOVES, 'a', 'b', 'admin')).toBe(false);
    expect(canMove(MOVES, 'a', 'c', 'admin')).toBe(true);
    expect(canMove(MOVES, 'c', 'b', 'admin')).toBe(false);
    expect(canMove(MOVES, 'd', 'a', 'engine')).toBe(false);
  });

  it('lets a row stay only where the table lists the stay', () => {
    expect(canMove(MOVES, 'a', 'a', 'engine')).toBe(false);
    expect(canMove(MOVES, 'b', 'b', 'engine')).toBe(true);
    expect(canMove(MOVES, 'b', 'b', 'admin')).toBe(false);
  });
});

describe('movableTo and reachableFrom', () => {
  it('movableTo lists the sources of a target for a mover, in the table order', () => {
    expect(movableTo(MOVES, 'c', 'admin')).toEqual(['a', 'b']);
    expect(movableTo(MOVES, 'c', 'engine')).toEqual(['a']);
    expect(movableTo(MOVES, 'b', 'engine')).toEqual(['a', 'b']);
    expect(movableTo(MOVES, 'd', 'engine')).toEqual([]);
  });

  it('reachableFrom lists the targets of a source for a mover, in the order written', () => {
    expect(reachableFrom(MOVES, 'a', 'engine')).toEqual(['b', 'c']);
    expect(reachableFrom(MOVES, 'a', 'admin')).toEqual(['c']);
    expect(reachableFrom(MOVES, 'd', 'admin')).toEqual([]);
  });
});

describe('withStays', () => {
  const stays = withStays(MOVES, ['admin']);
  it('lets every status stay for the movers named, listed first, and keeps the moves', () => {
    for (const s of ['a', 'c', 'd'] as const) {
      expect(canMove(stays, s, s, 'admin'), s).toBe(true);
      expect(reachableFrom(stays, s, 'admin')[0], s).toBe(s);
    }
    expect(canMove(stays, 'a', 'a', 'engine')).toBe(false);
    // A stay the table writes itself is kept as written.
    expect(canMove(stays, 'b', 'b', 'admin')).toBe(false);
    expect(canMove(stays, 'b', 'b', 'engine')).toBe(true);
    expect(reachableFrom(stays, 'a', 'admin')).toEqual(['a', 'c']);
    expect(movableTo(stays, 'c', 'engine')).toEqual(['a']);
  });
});
