// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { KiteFeed } from '@server/engine/feed/kite-feed';
import { priceFeed } from '@server/engine/feed/select-feed';
import { SimulatedFeed } from '@server/engine/feed/simulated-feed';
import { parseEnv } from '@server/config/env';
import { createLogger } from '@server/lib/logger';

const feedFor = (env: Record<string, string>) =>
  priceFeed(
    {
      env: parseEnv({ NODE_ENV: 'test', ...env }),
      log: createLogger({ level: 'silent' }),
      db: undefined as never,
      secrets: undefined as never,
    },
    1,
  );
const kite = { KITE_API_KEY: 'key', KITE_API_SECRET: 'secret' };

describe("priceFeed: Kite's ticker only where it is Kite's", () => {
  it('no Kite app, or PRICE_FEED=simulated: the simulated feed', () => {
    expect(feedFor({})).toBeInstanceOf(SimulatedFeed);
    expect(feedFor({ ...kite, PRICE_FEED: 'simulated' })).toBeInstanceOf(SimulatedFeed);
  });

  it("Kite's own API: its ticker behind the simulated feed", () => {
    expect(feedFor(kite)).toBeInstanceOf(KiteFeed);
  });

  it('an API root elsewhere (a local Kite) streams only from a ticker named with it, never the real one', () => {
    expect(feedFor({ ...kite, KITE_API_ROOT: 'http://127.0.0.1:9' })).toBeInstanceOf(SimulatedFeed);
    expect(
      feedFor({ ...kite, KITE_API_ROOT: 'http://127.0.0.1:9', KITE_TICKER_ROOT: 'ws://127.0.0.1:9/' }),
    ).toBeInstanceOf(KiteFeed);
  });

  it('refuses a ticker root that is not a websocket URL', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', KITE_TICKER_ROOT: 'https://ws.kite.trade/' })).toThrow(
      /KITE_TICKER_ROOT must be a ws\(s\) URL/,
    );
  });
});

describe('SIMULATED_FEED_VOLATILITY', () => {
  /** The largest distance from 1,000 in `ticks` steps of the walk, in percent. */
  const widestMove = (env: Record<string, string>, ticks: number) => {
    const feed = feedFor(env);
    feed.track('INFY', 1000, 1000);
    let widest = 0;
    for (let i = 0; i < ticks; i++) {
      const [quote] = feed.tick(new Date(i * 1000));
      widest = Math.max(widest, Math.abs(quote!.ltp - 1000) / 10);
    }
    return widest;
  };

  it('sets the walk a tick: a 25-minute run at 0.0002 stays within a few percent, at the default 0.002 it goes further', () => {
    const calm = widestMove({ SIMULATED_FEED_VOLATILITY: '0.0002' }, 1500);
    const usual = widestMove({}, 1500);
    expect(calm).toBeLessThan(3);
    expect(usual).toBeGreaterThan(calm * 3);
  });

  it('refuses a value outside 0 to 0.05, naming the setting', () => {
    expect(() => parseEnv({ SIMULATED_FEED_VOLATILITY: '0.5' })).toThrow(
      /SIMULATED_FEED_VOLATILITY must be at most 0.05/,
    );
    expect(() => parseEnv({ SIMULATED_FEED_VOLATILITY: '-1' })).toThrow(/SIMULATED_FEED_VOLATILITY must be at least 0/);
    expect(parseEnv({}).SIMULATED_FEED_VOLATILITY).toBe(0.002);
  });
});
