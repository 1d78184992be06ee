/**
 * Rate limits a broker counts per user (its access token of the day), each a set of windows (e.g.
 * 10 a second and 200 a minute), optionally per API as well. Sessions change every morning, so the
 * buckets are kept for the day in India and dropped with it.
 */
import { istDay } from '@shared/ist';
import { RateLimiter, type Release } from './rate-limiter';

export interface Limit {
  limit: number;
  windowMs: number;
}

export class UserBuckets {
  private buckets = new Map<string, RateLimiter[]>();
  private day = '';

  constructor(
    private readonly limitsOf: (api: string) => readonly Limit[],
    private readonly now: () => Date,
  ) {}

  /**
   * Resolves when the user may make one more call (to `api`, for brokers that limit each API); the
   * release marks the call answered (see RateLimiter.take).
   */
  async take(accessToken: string, api = ''): Promise<Release> {
    const today = istDay(this.now());
    if (today !== this.day) {
      this.buckets = new Map();
      this.day = today;
    }
    const key = `${api} ${accessToken}`;
    let mine = this.buckets.get(key);
    if (!mine)
      this.buckets.set(key, (mine = this.limitsOf(api).map(({ limit, windowMs }) => new RateLimiter(limit, windowMs))));
    const releases: Release[] = [];
    for (const bucket of mine) releases.push(await bucket.take());
    return () => releases.forEach((release) => release());
  }
}
