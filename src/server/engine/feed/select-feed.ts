/** The server's price feed: Kite's ticker behind the simulated feed when Zerodha is configured (and PRICE_FEED is auto). */
import { and, desc, eq, gt } from 'drizzle-orm';
import { appNow, type AppDeps } from '../../context';
import { accounts } from '../../db/schema';
import { configuredBrokers } from '../../brokers/select-adapter';
import type { ZerodhaAdapter } from '../../brokers/zerodha/zerodha-adapter';
import { KiteFeed } from './kite-feed';
import { KITE_DEFAULT_TICKER_ROOT, KiteTickerConnection } from './kite-ticker';
import type { PriceFeed } from './price-feed';
import type { Order } from '../../brokers/adapter';
import { kitePushedOrder } from '../../brokers/zerodha/kite-pushes';
import { SimulatedFeed } from './simulated-feed';
import { recordInstrumentMaster, type MasterRow } from '../../instruments/instrument-list';

/**
 * A Kite EQ row as an instrument: Kite names a security of another series with the series after a
 * dash (e.g. "XYZ-BE"); a bare symbol is series EQ.
 */
export function kiteMasterRow(i: { tradingsymbol: string; tickSize: number; lotSize: number }): MasterRow {
  const match = /^(.+)-([A-Z][A-Z0-9])$/.exec(i.tradingsymbol);
  return {
    symbol: match ? match[1]! : i.tradingsymbol,
    series: match ? match[2]! : 'EQ',
    tick_size: i.tickSize,
    lot_size: i.lotSize,
  };
}

type Deps = Pick<AppDeps, 'db' | 'log' | 'secrets' | 'env' | 'clock'>;

/**
 * The access token of the Zerodha session of the day most recently checked with Kite (a funds call
 * at login, the engine's key checks), if any is still valid: market data is the same whichever
 * member's session streams it. An unreadable one is skipped, logged.
 */
export async function freshestZerodhaSession(deps: Deps, now: Date): Promise<string | null> {
  const rows = await deps.db
    .select({ id: accounts.trabot_account_id, key: accounts.broker_access_key_enc })
    .from(accounts)
    .where(
      and(
        eq(accounts.broker_name, 'zerodha'),
        eq(accounts.access_key_valid, true),
        gt(accounts.broker_session_expires_at, now),
      ),
    )
    .orderBy(desc(accounts.broker_session_checked_at))
    .limit(5);
  for (const row of rows) {
    if (!row.key) continue;
    try {
      return deps.secrets.decrypt(row.key);
    } catch (err) {
      deps.log.error({ err, accountId: row.id }, 'price feed: a Zerodha session cannot be decrypted');
    }
  }
  return null;
}

/**
 * The ticker's websocket: KITE_TICKER_ROOT, else Kite's own, but only when the API is Kite's own
 * too: a server whose API root points elsewhere (a local Kite) never streams from the real one.
 */
function tickerRoot(env: Deps['env']): string | null {
  if (env.KITE_TICKER_ROOT) return env.KITE_TICKER_ROOT;
  return env.KITE_API_ROOT ? null : KITE_DEFAULT_TICKER_ROOT;
}

/**
 * The feed; with Kite's ticker, the order updates it carries (the streaming account's) go to
 * `onKiteOrder` as orders (kite-pushes.ts).
 */
export function priceFeed(deps: Deps, seed = Date.now(), onKiteOrder?: (order: Order) => void): PriceFeed {
  const simulated = new SimulatedFeed({ seed, volatility: deps.env.SIMULATED_FEED_VOLATILITY });
  const zerodha = configuredBrokers(deps.env).zerodha as ZerodhaAdapter | undefined;
  if (deps.env.PRICE_FEED === 'simulated' || !zerodha) return simulated;
  const root = tickerRoot(deps.env);
  if (!root) {
    deps.log.warn("price feed: KITE_API_ROOT is not Kite's own and KITE_TICKER_ROOT is unset: simulated prices");
    return simulated;
  }
  const ticker = new KiteTickerConnection({
    root,
    apiKey: deps.env.KITE_API_KEY!,
    log: deps.log,
    onTicks: (ticks) => feed.receive(ticks),
    onOrder: (data) => {
      const order = kitePushedOrder(data, appNow(deps));
      if (order) onKiteOrder?.(order);
      else deps.log.warn('price feed: a Kite order update that is not an order, ignored');
    },
  });
  const feed: KiteFeed = new KiteFeed({
    simulated,
    ticker,
    session: (now) => freshestZerodhaSession(deps, now),
    // Kite's instrument master, read once a day: its tokens stream; its tick and lot sizes are kept.
    instrumentTokens: async (session, now) => {
      const master = await zerodha.instrumentMaster(session);
      await recordInstrumentMaster(deps.db, master.map(kiteMasterRow), now).catch((err: unknown) =>
        deps.log.warn({ err }, "price feed: Kite's tick and lot sizes could not be saved"),
      );
      return new Map(master.map((i) => [i.tradingsymbol, i.token]));
    },
    log: deps.log,
  });
  return feed;
}
