import { describe, expect, it } from 'vitest';
import { memberDataStaleTime } from '@client/lib/member-data-freshness';
import { MEMBER_DATA_STALE_TIME_MS } from '@shared/constants';

const withUpdatedAt = (dataUpdatedAt: number) =>
  ({ state: { dataUpdatedAt } }) as Parameters<typeof memberDataStaleTime>[0];

describe('memberDataStaleTime', () => {
  it('keeps data fetched while the page is open fresh for a while', () => {
    expect(memberDataStaleTime(withUpdatedAt(Date.now()))).toBe(MEMBER_DATA_STALE_TIME_MS);
  });
  it('makes data restored from the device (fetched before the page loaded) stale at once', () => {
    expect(memberDataStaleTime(withUpdatedAt(performance.timeOrigin - 1))).toBe(0);
    expect(memberDataStaleTime(withUpdatedAt(Date.now() - 60_000))).toBe(0);
  });
});
