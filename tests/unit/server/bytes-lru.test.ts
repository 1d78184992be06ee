// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BytesLru } from '@server/lib/bytes-lru';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('BytesLru', () => {
  it('builds a missing value once for every concurrent request, then serves it from memory', async () => {
    const cache = new BytesLru(100);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return bytes(10);
    };
    const answers = await Promise.all([cache.get('a', build), cache.get('a', build), cache.get('a', build)]);
    expect(builds).toBe(1);
    expect(answers.every((a) => a === answers[0])).toBe(true);
    expect(await cache.get('a', build)).toBe(answers[0]);
    expect(builds).toBe(1);
  });

  it('keeps its total size under the bound, dropping the least recently used first', async () => {
    const cache = new BytesLru(30);
    await cache.get('a', async () => bytes(10));
    await cache.get('b', async () => bytes(10));
    await cache.get('c', async () => bytes(10));
    await cache.get('a', async () => bytes(10, 9)); // a is now the most recently used
    await cache.get('d', async () => bytes(10));
    expect(cache.usedBytes).toBe(30);
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.has(k))).toEqual(['a', 'c', 'd']);
    expect((await cache.get('a', async () => bytes(10, 9)))[0]).toBe(1);
  });

  it('does not keep a value larger than the bound, nor a failed build', async () => {
    const cache = new BytesLru(30);
    expect((await cache.get('big', async () => bytes(31))).length).toBe(31);
    expect(cache.has('big')).toBe(false);
    await expect(cache.get('bad', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.get('bad', async () => bytes(5))).length).toBe(5);
    expect(cache.usedBytes).toBe(5);
  });
});
