/**
 * A broker's published request rate ("10 requests a second") kept as the broker counts it: at most
 * `limit` calls in any window of `windowMs`, so even a burst never trips the broker's 429. `take()`
 * resolves when a call may go out, in the order asked; nothing is dropped. One limiter per limit the
 * broker defines (per API key, per user session...).
 */

/**
 * Kept clear of the window's edge: the broker counts requests as they arrive, and arrivals spread
 * by the network's jitter and a busy event loop (the live bench saw 11 arrive in one second with a
 * 10 ms margin). A tenth of a second costs a tenth of the rate and never trips the limit.
 */
const MARGIN_MS = 100;

/** Marks the call answered: its slot counts from now (an order's arrival at the broker is before its answer). */
export type Release = () => void;

export class RateLimiter {
  private readonly sent: { at: number }[] = [];
  private queue: Promise<Release> = Promise.resolve(() => {});

  constructor(
    private readonly limit: number,
    private readonly windowMs = 1_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Resolves when a call may go out. The answer's release (optional) moves the call's slot to the
   * moment it was answered: the broker saw it arrive before then, so a call sent a window after
   * that never lands in the same window at the broker, whatever the network's delay (the strict
   * 10 orders a second of Kite since April 2026 answers the 11th with 429).
   */
  take(): Promise<Release> {
    const turn = this.queue.then(() => this.wait());
    this.queue = turn;
    return turn;
  }

  private async wait(): Promise<Release> {
    for (;;) {
      const now = this.now();
      for (let i = this.sent.length - 1; i >= 0; i--)
        if (now - this.sent[i]!.at > this.windowMs + MARGIN_MS) this.sent.splice(i, 1);
      if (this.sent.length < this.limit) {
        const slot = { at: now };
        this.sent.push(slot);
        return () => void (slot.at = Math.max(slot.at, this.now()));
      }
      const oldest = Math.min(...this.sent.map((s) => s.at));
      await new Promise((resolve) => setTimeout(resolve, oldest + this.windowMs + MARGIN_MS + 1 - now));
    }
  }
}

/**
 * When each of `count` calls asked for at once may leave under `limits` (windows of one scope:
 * one API key, or one account), in milliseconds from the first: what RateLimiter does, computed
 * without waiting (the bench's figure for 1,000 accounts). Each call is taken as answered at once.
 */
export function departures(limits: readonly { limit: number; windowMs: number }[], count: number): number[] {
  const at: number[] = [];
  for (let i = 0; i < count; i++) {
    let t = i > 0 ? at[i - 1]! : 0;
    for (const { limit, windowMs } of limits)
      if (i >= limit) t = Math.max(t, at[i - limit]! + windowMs + MARGIN_MS + 1);
    at.push(t);
  }
  return at;
}
