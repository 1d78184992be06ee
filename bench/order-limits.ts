/**
 * How long one signal takes to reach 1,000 Zerodha accounts at Kite's documented limits, computed
 * from Trabot's own limiters (rate-limiter.ts `departures`, the same windows and margin) rather
 * than by sending 1,000 orders. Derivation: Kite counts order requests per Zerodha account (10 a
 * second, 400 a minute, 5,000 a day, whatever the app: docs/decisions/2026-11-27-broker-order-rate-
 * limits.md), so each account's single entry order is the first in its own windows and leaves at
 * once; the orders then go out ENGINE_BROKER_CONCURRENCY at a time, each taking one round trip.
 * After placing, the adapter reads the order's state (GET /orders/{id}), and that read counts in
 * the app's 10 requests a second shared by every account: the confirmations are what take long.
 */
import { departures } from '../src/server/brokers/rate-limiter';
import { KITE_ORDER_LIMITS, KITE_REQUESTS_PER_SECOND } from '../src/server/brokers/zerodha/zerodha-adapter';

export interface OrderLimitsFigure {
  accounts: number;
  concurrency: number;
  roundTripMs: number;
  /** When the last account's order leaves (per-account limits; bounded by concurrency x round trip). */
  lastOrderSentS: number;
  /** When the last order's state read may leave (the app's 10 a second). */
  lastConfirmationS: number;
  /** The same orders under one app-wide 10 a second bucket (the limiter before this change). */
  lastOrderSentAppWideS: number;
}

export function kiteFanOutFigure(accounts = 1_000, concurrency = 16, roundTripMs = 50): OrderLimitsFigure {
  // Each account: one order, its own windows: it may leave at 0.
  const perAccount = departures(KITE_ORDER_LIMITS, 1).at(-1)!;
  const rounds = Math.ceil(accounts / concurrency);
  const lastOrderSentS = (perAccount + (rounds - 1) * roundTripMs) / 1000;
  const reads = departures([{ limit: KITE_REQUESTS_PER_SECOND, windowMs: 1_000 }], accounts);
  const appWide = departures([{ limit: KITE_REQUESTS_PER_SECOND, windowMs: 1_000 }], accounts);
  return {
    accounts,
    concurrency,
    roundTripMs,
    lastOrderSentS,
    lastConfirmationS: Math.max(lastOrderSentS, reads.at(-1)! / 1000),
    lastOrderSentAppWideS: appWide.at(-1)! / 1000,
  };
}

export const orderLimitsLine = (f: OrderLimitsFigure) =>
  `Kite, one signal for ${f.accounts} accounts at the documented limits (per account 10/s, 400/min, 5,000/day; ` +
  `${f.concurrency} calls at once, ${f.roundTripMs} ms a round trip): last order sent after ${f.lastOrderSentS.toFixed(1)} s, ` +
  `last order state read after ${f.lastConfirmationS.toFixed(1)} s (the app's 10 reads/s); ` +
  `with one app-wide 10/s bucket for orders (before): ${f.lastOrderSentAppWideS.toFixed(1)} s`;
