/**
 * A protection request (the adapters' ProtectionRequest) for the broker tests: a sell protecting a
 * delivery position of 10 INFY bought around 1500, stop 1450 (a stop-loss limit only where given),
 * target 1600; each test overrides what it is about (its product, limit, side and tags).
 */
import type { ProtectionRequest } from '@server/brokers/adapter';

export const protectionRequest = (over: Partial<ProtectionRequest> = {}): ProtectionRequest => ({
  exchange: 'NSE',
  symbol: 'INFY',
  side: 'sell',
  product: 'delivery',
  quantity: 10,
  stop: 1450,
  stopLimit: null,
  target: 1600,
  lastPrice: 1500,
  clientOrderIds: { stop: 'TB1P1S', target: 'TB1P1T' },
  ...over,
});
