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
