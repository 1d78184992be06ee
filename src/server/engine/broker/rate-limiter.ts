/**
 * A broker's published request rate ("10 requests a second") kept as the broker counts it: at most
 * `limit` calls in any window of `windowMs`, so even a burst never trips the broker's 429. `take()`
 * resolves when a call may go out, in the order asked; nothing is dropped. One limiter per limit the
 * broker defines (per API key, per user session...).
 */

/** Timers may fire a little early or late: keep this much clear of the window's edge. */
const MARGIN_MS = 10;

export class RateLimiter {
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 1_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(): Promise<void> {
    const turn = this.queue.then(() => this.wait());
    this.queue = turn;
    return turn;
  }

  private async wait(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.sent.length && now - this.sent[0]! > this.windowMs + MARGIN_MS) this.sent.shift();
      if (this.sent.length < this.limit) {
        this.sent.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, this.sent[0]! + this.windowMs + MARGIN_MS + 1 - now));
    }
  }
}
