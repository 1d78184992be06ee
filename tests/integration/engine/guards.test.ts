/**
 * What the engine refuses, as a careful trader would (docs/engine.md, "Guards"), over a real
 * database with prices the test sets and the paper broker: NSE's session through an injected clock
 * (never the machine's time), stale and drifted prices, levels and prices on the wrong side, a
 * cancel and a shutdown between batches, a crash between placing an order and saving it, and the
 * database's own bounds on sizing inputs.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, algoSubscriptions, manualOrders, members, signalEvents, signals } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import type { BrokerCredentials, Order, OrderRequest } from '@server/brokers/adapter';
import { Engine } from '@server/engine/engine';
import { nseCalendar } from '@server/engine/market-hours';
import { engineScenario } from './scenario';
import { ScriptedFeed } from './scripted-feed';

const {
  t,
  at,
  scriptedEngine,
  subscriber,
  newAlgo,
  newSignal,
  tradesOf,
  signalRow,
  entriesOf,
  legsOfTrade,
  warningsAbout,
} = engineScenario();

/** Instants in IST (UTC+05:30), January 2026: the 4th is a Sunday, the 5th a Monday. */
const ist = (day: number, hhmm: string) =>
  new Date(Date.parse(`2026-01-${String(day).padStart(2, '0')}T${hhmm}:00+05:30`));

const reasons = async (signalId: number) =>
  (await warningsAbout(signalId)).map((w) => JSON.parse(w.warning_data!).reason as string);

describe('engine: NSE session and holidays (injected clock)', () => {
  it('a swing signal approved on a Sunday waits for the next open, noted on the signal, and trades at 09:15 on Monday', async () => {
    const { engine } = scriptedEngine({ calendar: nseCalendar });
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId);
    await engine.tick(ist(4, '11:00'));
    await engine.tick(ist(5, '09:14'));
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect(await signalRow(signal.signal_id)).toMatchObject({
      trade_status: 'approved',
      status_note: 'waiting for market open',
      ltp: null,
    });
    await engine.tick(ist(5, '09:15'));
    expect((await tradesOf(signal.signal_id)).map((r) => [r.trade_status, r.trade_quantity])).toEqual([
      ['running', 400],
    ]);
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'running', status_note: null, ltp: 250 });
  });

  it("on an NSE holiday (Republic Day, a Monday) nothing is placed; the next trading day's open trades", async () => {
    const { engine } = scriptedEngine({ calendar: nseCalendar });
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId);
    await engine.tick(ist(26, '11:00'));
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect((await signalRow(signal.signal_id)).status_note).toBe('waiting for market open');
    const intraday = await newSignal(algoId, { trade_type: 'intraday' });
    await engine.tick(ist(26, '11:01'));
    expect(await signalRow(intraday.signal_id)).toMatchObject({
      trade_status: 'cancelled',
      status_note: 'refused: intraday trades are not entered on a closed day: today is an NSE holiday (Republic Day)',
    });
    await engine.tick(ist(27, '09:15'));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trade_status)).toEqual(['running']);
  });

  it('an intraday signal approved after 15:15 IST is refused: a warning per account, the signal cancelled with the reason', async () => {
    const { engine } = scriptedEngine({ calendar: nseCalendar });
    const algoId = await newAlgo();
    const accounts = [await subscriber(algoId, {}), await subscriber(algoId, {})];
    const signal = await newSignal(algoId, { trade_type: 'intraday' });
    await engine.tick(ist(5, '15:15'));
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect(await signalRow(signal.signal_id)).toMatchObject({
      trade_status: 'cancelled',
      status_note: 'refused: intraday trades are not entered after 15:15 IST',
    });
    // The signal's history tells who cancelled it (the engine: nobody), when (the tick's time) and why.
    const history = await t.deps.db.select().from(signalEvents).where(eq(signalEvents.signal_id, signal.signal_id));
    expect(history.map((e) => [e.kind, e.user_id, e.at, e.details])).toEqual([
      ['cancelled', null, ist(5, '15:15'), { reason: 'intraday trades are not entered after 15:15 IST' }],
    ]);
    expect((await warningsAbout(signal.signal_id)).map((w) => w.warning_message)).toEqual(
      accounts.map(
        (a) => `Account ${a} skipped for signal ${signal.signal_id}: intraday trades are not entered after 15:15 IST`,
      ),
    );
  });

  it('an intraday signal on a closed day is refused, and one before the open waits for it', async () => {
    const { engine } = scriptedEngine({ calendar: nseCalendar });
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const sunday = await newSignal(algoId, { trade_type: 'intraday' });
    await engine.tick(ist(4, '10:00'));
    expect(await signalRow(sunday.signal_id)).toMatchObject({
      trade_status: 'cancelled',
      status_note: 'refused: intraday trades are not entered on a closed day: today is a weekend',
    });
    expect(await reasons(sunday.signal_id)).toEqual(['market_closed']);

    const early = await newSignal(algoId, { trade_type: 'intraday' });
    await engine.tick(ist(5, '08:30'));
    expect(await signalRow(early.signal_id)).toMatchObject({
      trade_status: 'approved',
      status_note: 'waiting for market open',
    });
    await engine.tick(ist(5, '09:16'));
    expect((await tradesOf(early.signal_id)).map((r) => r.trade_status)).toEqual(['running']);
  });

  it('outside the session the feed does not move, nothing is placed, and manual orders wait with their reason', async () => {
    const { feed, engine } = scriptedEngine({ calendar: nseCalendar });
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId, { trade_status: 'running' });
    await engine.tick(ist(5, '10:00'));
    const [order] = await t.deps.db
      .insert(manualOrders)
      .values({ signal_id: signal.signal_id, side: 'entry', portion: 1, order_type: 'market', trade_type: 'swing' })
      .returning();
    feed.set('INFY', 251);
    await engine.tick(ist(5, '16:00'));
    expect(await signalRow(signal.signal_id)).toMatchObject({ ltp: 250, ltp_timestamp: ist(5, '10:00') });
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect((await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order!.id)))[0]).toMatchObject({
      status: 'queued',
      status_reason: 'waiting for market open',
    });
  });
});

describe('engine: the price a market entry gets', () => {
  it('waits while the last price is stale, and enters once it is fresh again', async () => {
    const { feed, engine } = scriptedEngine({ settings: { maxQuoteAgeMs: 5_000 } });
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const pending = await newSignal(algoId, { trade_status: 'pending' });
    await engine.tick(at(1)); // INFY priced at 250, the signal still pending
    feed.hold('INFY');
    await t.deps.db.update(signals).set({ trade_status: 'approved' }).where(eq(signals.signal_id, pending.signal_id));
    await engine.tick(at(3)); // 6 s after the last price
    expect(await tradesOf(pending.signal_id)).toEqual([]);
    expect(await signalRow(pending.signal_id)).toMatchObject({
      trade_status: 'approved',
      status_note: 'waiting for a fresh price',
    });
    const fresh = new ScriptedFeed();
    const { engine: restarted } = {
      engine: new Engine(t.deps, {
        feed: fresh,
        paper: new PaperBroker({ prices: fresh }),
        settings: { maxQuoteAgeMs: 5_000 },
      }),
    };
    await restarted.tick(at(4));
    expect((await tradesOf(pending.signal_id)).map((r) => r.trade_status)).toEqual(['running']);
  });

  it('skips every account when the price has drifted beyond the allowed distance from the entry level', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    const signal = await newSignal(algoId, { trade_status: 'pending' });
    await engine.tick(at(1));
    feed.set('INFY', 253.05); // 1.22 % above 250
    await t.deps.db.update(signals).set({ trade_status: 'approved' }).where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(at(2));
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect((await warningsAbout(signal.signal_id)).map((w) => w.warning_message)).toEqual([
      `Account ${account} skipped for signal ${signal.signal_id}: the price 253.05 is 1.22% from the entry level 250 (at most 1%)`,
    ]);
  });

  it('sizes at the price the order gets (quantity and allocation cap), and skips a price already beyond a level', async () => {
    const { feed, engine } = scriptedEngine({ settings: { maxEntryDriftPercent: 10 } });
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const near = await newSignal(algoId, { trade_status: 'pending' });
    await engine.tick(at(1));
    feed.set('INFY', 251.5);
    await t.deps.db.update(signals).set({ trade_status: 'approved' }).where(eq(signals.signal_id, near.signal_id));
    await engine.tick(at(2));
    // docs/engine.md: at 251.5, 5,000 / 6.5 = 769, half of it 384; the cap 1,00,000 / 251.5 = 397.
    expect((await tradesOf(near.signal_id)).map((r) => [r.trade_quantity, r.avg_entry_price])).toEqual([[384, 251.5]]);

    const beyond = await newSignal(algoId, {
      instrument_symbol: 'TCS',
      entry_level: 250,
      stop_loss_level: 245,
      target_level: 262.5,
      trade_status: 'pending',
    });
    await engine.tick(at(3));
    feed.set('TCS', 263);
    await t.deps.db.update(signals).set({ trade_status: 'approved' }).where(eq(signals.signal_id, beyond.signal_id));
    await engine.tick(at(4));
    expect(await tradesOf(beyond.signal_id)).toEqual([]);
    expect(await reasons(beyond.signal_id)).toEqual(['price_beyond_levels']);
  });

  it('refuses levels on the wrong side at sizing, whatever wrote them', async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    const upsideDown = await newSignal(algoId, { stop_loss_level: 262.5, target_level: 245 });
    await engine.tick(at(1));
    expect(await tradesOf(upsideDown.signal_id)).toEqual([]);
    expect((await warningsAbout(upsideDown.signal_id)).map((w) => w.warning_message)).toEqual([
      `Account ${account} skipped for signal ${upsideDown.signal_id}: for a long trade the stop-loss (262.5) must be below the entry (250) and the target (245) above it`,
    ]);
  });
});

describe('engine: fan-out in batches', () => {
  /** A paper broker that runs `onPlace` once, after the first order it places. */
  function brokerCalling(onPlace: () => Promise<void>) {
    let called = false;
    return class extends PaperBroker {
      override async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
        const order = await super.placeOrder(credentials, request);
        if (!called) {
          called = true;
          await onPlace();
        }
        return order;
      }
    };
  }

  it('cancelling a signal stops its fan-out at the next batch', async () => {
    const algoId = await newAlgo();
    for (let i = 0; i < 5; i++) await subscriber(algoId, {});
    const signal = await newSignal(algoId);
    const broker = brokerCalling(async () => {
      await t.deps.db.update(signals).set({ trade_status: 'cancelled' }).where(eq(signals.signal_id, signal.signal_id));
    });
    const { engine } = scriptedEngine({ broker, settings: { batchSize: 2 } });
    await engine.tick(at(1));
    await engine.tick(at(2));
    // The first batch's entries had filled when the cancel came: those trades run (and exit like any other).
    expect((await tradesOf(signal.signal_id)).map((r) => r.trade_status)).toEqual(['running', 'running']);
    expect((await signalRow(signal.signal_id)).trade_status).toBe('cancelled');
  });

  it('a shutdown ends the fan-out between batches; the next start does the rest, never twice', async () => {
    const algoId = await newAlgo();
    for (let i = 0; i < 5; i++) await subscriber(algoId, {});
    const signal = await newSignal(algoId);
    const stop = { engine: undefined as Engine | undefined };
    const broker = brokerCalling(async () => stop.engine!.requestStop());
    const { engine } = scriptedEngine({ broker, settings: { batchSize: 2 } });
    stop.engine = engine;
    await engine.tick(at(1));
    expect(await tradesOf(signal.signal_id)).toHaveLength(2);
    expect((await signalRow(signal.signal_id)).trade_status).toBe('approved');

    const { engine: next } = scriptedEngine({ settings: { batchSize: 2 } });
    await next.tick(at(2));
    const rows = await tradesOf(signal.signal_id);
    expect(rows.map((r) => r.trade_status)).toEqual(['running', 'running', 'running', 'running', 'running']);
    for (const trade of rows) expect(await entriesOf(trade.trabot_trade_id)).toHaveLength(1);
    expect((await signalRow(signal.signal_id)).trade_status).toBe('running');
  });
});

describe('engine: idempotent orders', () => {
  it('a crash between placing an order and saving its answer never places it twice: the restart finds it by its client order id', async () => {
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId);
    const feed = new ScriptedFeed();
    let lost = true;
    // The broker takes the order, and its answer never reaches the engine (the connection drops, or the process dies).
    class Dropping extends PaperBroker {
      override async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
        const order = await super.placeOrder(credentials, request);
        if (lost) throw new Error('connection reset by peer');
        return order;
      }
    }
    const paper = new Dropping({ prices: feed });
    await new Engine(t.deps, { feed, paper }).tick(at(1));
    const [trade] = await tradesOf(signal.signal_id);
    expect(trade).toMatchObject({ trade_status: 'pending' });
    const [leg] = await legsOfTrade(trade!.trabot_trade_id);
    expect(leg).toMatchObject({ state: 'sending', broker_order_id: null });
    expect((await warningsAbout(signal.signal_id)).map((w) => w.warning_message)).toEqual([
      `The entry order of trade ${trade!.trabot_trade_id} failed: connection reset by peer`,
    ]);

    lost = false;
    await new Engine(t.deps, { feed, paper }).tick(at(2)); // a new process, the same broker
    const credentials = { clientId: `PC${trade!.trabot_account_id}`, accessKey: 'key' };
    const mine = (await paper.orderBook(credentials)).filter((o) => o.clientOrderId === leg!.client_order_id);
    expect(mine).toHaveLength(1);
    expect(await legsOfTrade(trade!.trabot_trade_id)).toEqual([
      expect.objectContaining({ state: 'filled', broker_order_id: mine[0]!.orderId }),
    ]);
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'running',
      broker_trade_number: mine[0]!.orderId,
    });
    expect(await entriesOf(trade!.trabot_trade_id)).toHaveLength(1);
    expect(t.logLines.some((l) => l.includes('engine: leg found in the broker order book'))).toBe(true);
  });
});

describe('the database bounds sizing inputs', () => {
  it('refuses a signal portion outside 0-100 %, a manual order portion outside 0-1 and a negative capital', async () => {
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    await expect(newSignal(algoId, { portion_in_trade: 150 })).rejects.toThrow();
    await expect(newSignal(algoId, { portion_in_trade: 0 })).rejects.toThrow();
    const signal = await newSignal(algoId);
    await expect(
      t.deps.db.insert(manualOrders).values({
        signal_id: signal.signal_id,
        side: 'entry',
        portion: 1.5,
        order_type: 'market',
        trade_type: 'swing',
      }),
    ).rejects.toThrow();
    await expect(
      t.deps.db
        .update(algoSubscriptions)
        .set({ max_total_capital: -1 })
        .where(eq(algoSubscriptions.trabot_account_id, account)),
    ).rejects.toThrow();
    await expect(
      t.deps.db
        .update(algoSubscriptions)
        .set({ risk_percent_pertrade: 101 })
        .where(eq(algoSubscriptions.trabot_account_id, account)),
    ).rejects.toThrow();
  });
});

describe('engine: expired memberships', () => {
  const expire = async (accountId: number, expiry: string) => {
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
    await t.deps.db
      .update(members)
      .set({ expiry_date: expiry })
      .where(eq(members.trabot_client_id, account!.trabot_client_id));
  };

  it("a member whose membership expired before today (in India) gets no new trade, signal's or manual, with a warning each; until the day's end it still trades", async () => {
    const { engine } = scriptedEngine({ calendar: nseCalendar });
    const algoId = await newAlgo();
    const expired = await subscriber(algoId, {});
    const lastDay = await subscriber(algoId, {});
    await expire(expired, '2026-01-04');
    await expire(lastDay, '2026-01-05');
    const signal = await newSignal(algoId);
    await engine.tick(ist(5, '09:30'));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trabot_account_id)).toEqual([lastDay]);
    const [warning] = (await warningsAbout(signal.signal_id)).filter(
      (w) => JSON.parse(w.warning_data!).reason === 'membership_expired',
    );
    expect(warning!.warning_message).toBe(
      `Account ${expired} skipped for signal ${signal.signal_id}: the membership expired on 2026-01-04`,
    );

    // A manual entry on the signal skips the expired account too, and says why.
    const [order] = await t.deps.db
      .insert(manualOrders)
      .values({
        signal_id: signal.signal_id,
        side: 'entry',
        portion: 0.25,
        order_type: 'market',
        trade_type: 'swing',
        status: 'queued',
      })
      .returning();
    await engine.tick(ist(5, '09:31'));
    const [settled] = await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order!.id));
    expect(settled!.status_reason).toContain(`account ${expired} skipped`);
    expect(settled!.status_reason).toContain('the membership expired on 2026-01-04');
    expect((await tradesOf(signal.signal_id)).map((r) => r.trabot_account_id)).toEqual([lastDay]);
  });
});
