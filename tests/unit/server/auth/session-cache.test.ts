/** The session cache's own rules: what each notification drops, the fill race, LRU and TTL bounds. */
import { describe, expect, it } from 'vitest';
import { SessionCache } from '@server/auth/session-cache';

const user = (id: number, accountId: number | null = 10 + id) => ({
  id,
  name: `User ${id}`,
  email: `u${id}@trabot.test`,
  role: 'member' as const,
  member_id: null,
  account_id: accountId,
});
const alive = (id: number, accountId?: number | null) => ({
  user: user(id, accountId),
  expiresAt: 1e15,
  lastSeenAt: 0,
});

function cacheAt(start = 1_000) {
  const clock = { now: start };
  return { clock, cache: new SessionCache(() => clock.now, 3, 60_000) };
}

describe('SessionCache', () => {
  it('keeps a lookup and its version; a session notification drops that session only', () => {
    const { cache } = cacheAt();
    cache.put(cache.epoch, 'a', alive(1), 5);
    cache.put(cache.epoch, 'b', alive(2), 7);
    expect(cache.get('a')?.user.id).toBe(1);
    expect(cache.tradesVersion(11)).toBe(5);
    cache.onNotification('s:a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe(2);
  });

  it('a user notification drops every session of that user', () => {
    const { cache } = cacheAt();
    cache.put(cache.epoch, 'a', alive(1), 1);
    cache.put(cache.epoch, 'a2', alive(1), 1);
    cache.put(cache.epoch, 'b', alive(2), 1);
    cache.onNotification('u:1');
    expect([cache.get('a'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b')).toBeDefined();
  });

  it('drops a lookup read before an invalidation that arrived while it was read', () => {
    const { cache } = cacheAt();
    const epoch = cache.epoch;
    cache.onNotification('s:other');
    cache.put(epoch, 'a', alive(1), 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('versions only grow: an older version read after a newer notification keeps the newer', () => {
    const { cache } = cacheAt();
    const epoch = cache.epoch;
    cache.onNotification('v:11:9');
    cache.put(epoch, 'a', alive(1), 4);
    expect(cache.get('a')).toBeDefined();
    expect(cache.tradesVersion(11)).toBe(9);
    cache.onNotification('v:11:3');
    expect(cache.tradesVersion(11)).toBe(9);
    cache.onNotification('v:11:12');
    expect(cache.tradesVersion(11)).toBe(12);
    expect(cache.tradesVersion(null)).toBe(0);
  });

  it('a deleted version row reads 0 again, and a lookup read before it is not kept', () => {
    const { cache } = cacheAt();
    cache.put(cache.epoch, 'a', alive(1), 4);
    const epoch = cache.epoch;
    cache.onNotification('d:11');
    expect(cache.tradesVersion(11)).toBe(0);
    cache.put(epoch, 'b', alive(1), 4);
    expect(cache.get('b')).toBeUndefined();
  });

  it('a truncate notification drops everything', () => {
    const { cache } = cacheAt();
    cache.put(cache.epoch, 'a', alive(1), 4);
    cache.onNotification('*');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.tradesVersion(11)).toBe(0);
  });

  it('holds at most its size, the least recently used going first', () => {
    const { cache } = cacheAt();
    for (const key of ['a', 'b', 'c']) cache.put(cache.epoch, key, alive(1), 1);
    cache.get('a');
    cache.put(cache.epoch, 'd', alive(1), 1);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true]);
  });

  it('reads a lookup again from the database after its TTL', () => {
    const { cache, clock } = cacheAt();
    cache.put(cache.epoch, 'a', alive(1), 1);
    clock.now += 60_000;
    expect(cache.get('a')).toBeDefined();
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });
});
