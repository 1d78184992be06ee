// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { batchByKey } from '@server/lib/batch-by-key';

describe('batchByKey', () => {
  it('sends the lookups of one event-loop turn as one call, each key once, and answers every caller', async () => {
    const calls: string[][] = [];
    const find = batchByKey(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const first = await Promise.all([find('a'), find('b'), find('a'), find('missing')]);
    expect(first).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
    expect(await find('c')).toBe('C');
    expect(calls).toHaveLength(2);
  });

  it('starts each call only after its lookups were asked for', async () => {
    let version = 1;
    const find = batchByKey(async (keys) => new Map(keys.map((k) => [k, version])));
    const before = find('k');
    version = 2; // e.g. a logout committed after the request arrived, before the batch went out
    expect(await before).toBe(2);
  });

  it('rejects every caller of a failed call, and the next turn calls again', async () => {
    let fail = true;
    const find = batchByKey(async (keys) => {
      if (fail) throw new Error('database unavailable');
      return new Map(keys.map((k) => [k, 1]));
    });
    const results = await Promise.allSettled([find('a'), find('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await find('a')).toBe(1);
  });
});
