/**
 * Scenario tests of the execution engine over a real (in-memory) database, prices the test sets
 * (or the seeded simulated feed) and the paper broker: approval to trades for several
 * subscriptions, skips as warnings, target and stop-loss exits, duplicate approval and restarts.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, algos, instruments, orderLegs, signals, trades } from '@server/db/schema';
import { legCharges, tradeLegCharges } from '@server/trading/charges';
import type { Engine } from '@server/engine/engine';
import { engineScenario } from './scenario';
import type { ScriptedFeed } from './scripted-feed';

const {
  t,
  at,
  newEngine,
  scriptedEngine,
  subscriber,
  newAlgo,
  newSignal,
  tradesOf,
  signalRow,
  entriesOf,
  exitsOf,
  legsOfTrade,
  warningsAbout,
  round2,
} = engineScenario();

describe('engine: an approved signal for several subscriptions', () => {
  let algoId: number;
  let signalId: number;
  let acc: Record<'a' | 'b' | 'c' | 'd' | 'e', number>;
  let feed: ScriptedFeed;
  let engine: Engine;

  beforeAll(async () => {
    ({ feed, engine } = scriptedEngine());
    await t.deps.db.insert(instruments).values({ symbol: 'INFY', series: 'EQ', close: null }).onConflictDoNothing();
    algoId = await newAlgo();
    acc = {
      a: await subscriber(algoId, {}), // the worked example: 400
      b: await subscriber(algoId, {
        max_total_capital: 200_000,
        risk_percent_pertrade: 0.5,
        min_required_risk_reward: 2,
      }), // 100
      c: await subscriber(algoId, { min_required_risk_reward: 3 }), // risk-reward too low
      d: await subscriber(algoId, {}, null), // no broker key
      e: await subscriber(algoId, { subscription_status: 'inactive' }),
    };
    signalId = (await newSignal(algoId)).signal_id;
    await engine.tick(at(1));
  });

  it('opens one running trade per eligible account with the quantity of its subscription, through one entry leg each', async () => {
    const rows = await tradesOf(signalId);
    expect(rows.map((r) => [r.trabot_account_id, r.trade_quantity, r.trade_status])).toEqual([
      [acc.a, 400, 'running'],
      [acc.b, 100, 'running'],
    ]);
    for (const trade of rows) {
      expect(trade).toMatchObject({
        trade_type: 'swing',
        algo_id: algoId,
        trade_instrument: 'INFY',
        trade_direction: 'long',
        trade_date: '2026-01-05',
        avg_entry_price: 250,
        avg_exit_price: null,
        remaining_quantity: trade.trade_quantity,
        ltp: 250,
        current_mtm: 0,
        trade_risk: round2(trade.trade_quantity * 5),
      });
      const [entry, ...more] = await entriesOf(trade.trabot_trade_id);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        trade_entry_sequence: 1,
        trade_entry_quantity: trade.trade_quantity,
        trade_entry_price: 250,
        order_id: trade.broker_trade_number,
        exchange_order_id: `NSE-${trade.broker_trade_number}`,
        ...legCharges({ product: 'delivery', side: 'buy', quantity: trade.trade_quantity, price: 250 }),
      });
      expect(await legsOfTrade(trade.trabot_trade_id)).toEqual([
        expect.objectContaining({
          side: 'entry',
          source: 'signal',
          state: 'filled',
          quantity: trade.trade_quantity,
          filled_quantity: trade.trade_quantity,
          broker_order_id: trade.broker_trade_number,
          client_order_id: expect.stringMatching(new RegExp(`^TB${trade.trabot_trade_id}L\\d+$`)),
        }),
      ]);
    }
  });

  it('starts the feed at the signal entry when the instrument has no close, and records prices on the signal', async () => {
    const signal = await signalRow(signalId);
    expect(feed.quote('INFY')!.previousClose).toBe(250);
    expect(signal).toMatchObject({
      trade_status: 'running',
      ltp: 250,
      ltp_timestamp: at(1),
      max_fav_excursion: 0,
      max_adv_excursion: 0,
      status_note: null,
    });
  });

  it('warns about every skipped account, naming account, signal and reason, and records the key check', async () => {
    expect((await warningsAbout(signalId)).map((w) => [w.warning_message, JSON.parse(w.warning_data!)])).toEqual([
      [
        `Account ${acc.c} skipped for signal ${signalId}: risk-reward 2.5 at 250 is below the required 3`,
        { trabot_account_id: acc.c, signal_id: signalId, reason: 'risk_reward_below_min' },
      ],
      [
        `Account ${acc.d} skipped for signal ${signalId}: the broker access key is invalid`,
        { trabot_account_id: acc.d, signal_id: signalId, reason: 'invalid_key' },
      ],
    ]);
    const [d] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, acc.d));
    expect(d).toMatchObject({ access_key_valid: false, access_key_updated_timestamp: at(1) });
    expect(t.logLines.some((l) => l.includes('engine: entry filled'))).toBe(true);
  });

  it('keeps ltp, mark-to-market, risk and excursions current as the price moves', async () => {
    feed.set('INFY', 252.35);
    await engine.tick(at(2));
    feed.set('INFY', 248.6);
    await engine.tick(at(3));
    for (const trade of await tradesOf(signalId)) {
      expect(trade).toMatchObject({ trade_status: 'running', ltp: 248.6, last_updated_timestamp: at(3) });
      expect(trade.current_mtm).toBe(round2((248.6 - 250) * trade.trade_quantity));
      expect(trade.trade_risk).toBe(round2(trade.trade_quantity * 5));
    }
    expect(await signalRow(signalId)).toMatchObject({ ltp: 248.6, max_fav_excursion: 2.35, max_adv_excursion: 1.4 });
  });

  it('never opens a second trade on a repeated approval, and re-checks skipped accounts', async () => {
    feed.set('INFY', 250);
    await t.deps.db
      .update(accounts)
      .set({ broker_access_key_enc: t.deps.secrets.encrypt('new-key') })
      .where(eq(accounts.trabot_account_id, acc.d));
    await t.deps.db.update(signals).set({ trade_status: 'approved' }).where(eq(signals.signal_id, signalId));
    await engine.tick(at(7));
    await engine.tick(at(8));
    const rows = await tradesOf(signalId);
    expect(rows.map((r) => [r.trabot_account_id, r.trade_quantity])).toEqual([
      [acc.a, 400],
      [acc.b, 100],
      [acc.d, 400],
    ]);
    for (const trade of rows) {
      expect(await entriesOf(trade.trabot_trade_id)).toHaveLength(1);
      expect(await legsOfTrade(trade.trabot_trade_id)).toHaveLength(1);
    }
    expect((await warningsAbout(signalId)).map((w) => JSON.parse(w.warning_data!).reason)).toEqual([
      'risk_reward_below_min',
      'invalid_key',
      'risk_reward_below_min',
    ]);
    expect((await signalRow(signalId)).trade_status).toBe('running');
  });

  it('closes every running trade when the price reaches the target, and completes the signal', async () => {
    // The target rests at the paper broker as a limit at 262.5: the price crossing it fills it at its limit.
    feed.set('INFY', 262.55);
    await engine.tick(at(9));
    expect((await signalRow(signalId)).trade_status).toBe('completed');
    for (const trade of await tradesOf(signalId)) {
      expect(trade).toMatchObject({
        trade_status: 'completed',
        remaining_quantity: 0,
        avg_exit_price: 262.5,
        ltp: 262.5,
        trade_risk: 0,
        current_mtm: round2((262.5 - 250) * trade.trade_quantity),
      });
      // Bought and sold the same day: a swing trade's round trip is charged as intraday, its entry row rewritten.
      const [buy, sell] = tradeLegCharges('delivery', [
        { side: 'buy', quantity: trade.trade_quantity, price: 250, day: '2026-01-05' },
        { side: 'sell', quantity: trade.trade_quantity, price: 262.5, day: '2026-01-05' },
      ]);
      expect(sell).toEqual(
        legCharges({ product: 'intraday', side: 'sell', quantity: trade.trade_quantity, price: 262.5 }),
      );
      expect(await exitsOf(trade.trabot_trade_id)).toEqual([
        expect.objectContaining({
          trade_exit_sequence: 1,
          trade_exit_quantity: trade.trade_quantity,
          trade_exit_price: 262.5,
          ...sell,
        }),
      ]);
      expect((await entriesOf(trade.trabot_trade_id))[0]).toMatchObject(buy!);
      expect((await legsOfTrade(trade.trabot_trade_id)).map((l) => [l.side, l.source, l.state])).toEqual([
        ['entry', 'signal', 'filled'],
        ['exit', 'protection', 'filled'],
      ]);
    }
    // Completed: later ticks leave it alone.
    await engine.tick(at(10));
    for (const trade of await tradesOf(signalId)) expect(await exitsOf(trade.trabot_trade_id)).toHaveLength(1);
  });
});

describe('engine: stop-loss, switches and restarts', () => {
  it('closes a short intraday trade at its stop-loss with buy-side intraday charges', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, { max_percent_allocation_pertrade: 100 });
    const signal = await newSignal(algoId, {
      instrument_symbol: 'TCS',
      trade_type: 'intraday',
      trade_direction: 'short',
      entry_level: 4000,
      stop_loss_level: 4040,
      target_level: 3900,
      portion_in_trade: 100,
    });
    await engine.tick(at(1));
    const [open] = await tradesOf(signal.signal_id);
    // 5,000 / 40 = 125 shares, sold short.
    expect(open).toMatchObject({
      trabot_account_id: account,
      trade_quantity: 125,
      trade_status: 'running',
      trade_direction: 'short',
      avg_entry_price: 4000,
    });
    const [entry] = await entriesOf(open!.trabot_trade_id);
    expect(entry).toMatchObject(legCharges({ product: 'intraday', side: 'sell', quantity: 125, price: 4000 }));

    feed.set('TCS', 4041.5);
    await engine.tick(at(2));
    const [closed] = await tradesOf(signal.signal_id);
    expect(closed).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      avg_exit_price: 4041.5,
      current_mtm: round2((4000 - 4041.5) * 125),
    });
    expect(await exitsOf(closed!.trabot_trade_id)).toEqual([
      expect.objectContaining({
        trade_exit_quantity: 125,
        ...legCharges({ product: 'intraday', side: 'buy', quantity: 125, price: 4041.5 }),
      }),
    ]);
    // The stop rested at the paper broker (an SL-M): its order is the exit, at the price that crossed it.
    expect((await legsOfTrade(closed!.trabot_trade_id)).map((l) => l.source)).toEqual(['signal', 'protection']);
    expect((await signalRow(signal.signal_id)).trade_status).toBe('completed');
  });

  it('leaves approved signals alone while the algo is Off or process_signal is not set', async () => {
    const { engine } = scriptedEngine();
    const off = await newAlgo(false);
    await subscriber(off, {});
    const whileOff = await newSignal(off);
    const on = await newAlgo();
    await subscriber(on, {});
    const notProcessed = await newSignal(on, { algo_process_ind: false });
    await engine.tick(at(1));
    expect(await tradesOf(whileOff.signal_id)).toEqual([]);
    expect(await tradesOf(notProcessed.signal_id)).toEqual([]);
    expect((await signalRow(whileOff.signal_id)).trade_status).toBe('approved');

    await t.deps.db.update(algos).set({ algo_switch: true }).where(eq(algos.algo_id, off));
    await engine.tick(at(2));
    expect(await tradesOf(whileOff.signal_id)).toHaveLength(1);
  });

  it('after a restart mid-way, finishes the work without doubling any trade or order', async () => {
    const algoId = await newAlgo();
    const first = await subscriber(algoId, {});
    const second = await subscriber(algoId, {});
    const third = await subscriber(algoId, {});
    const signal = await newSignal(algoId);
    // The previous process created the first trade and its leg and died before sending it, and
    // had placed the second's order (a limit resting below the price) at a paper broker that died
    // with it: the new paper broker gets it back from the records, under its id, not placed again.
    const pending = {
      trade_type: 'swing' as const,
      signal_id: signal.signal_id,
      algo_id: algoId,
      trade_instrument: 'INFY',
      trade_date: '2026-01-05',
      trade_direction: 'long' as const,
      trade_quantity: 400,
    };
    const [one, two] = await t.deps.db
      .insert(trades)
      .values([
        { ...pending, trabot_account_id: first },
        { ...pending, trabot_account_id: second, broker_trade_number: 'paper-gone-1' },
      ])
      .returning();
    await t.deps.db.insert(orderLegs).values([
      {
        trabot_trade_id: one!.trabot_trade_id,
        trabot_account_id: first,
        side: 'entry',
        source: 'signal',
        quantity: 400,
        state: 'sending',
      },
      {
        trabot_trade_id: two!.trabot_trade_id,
        trabot_account_id: second,
        side: 'entry',
        source: 'signal',
        order_type: 'limit',
        limit_price: 245,
        quantity: 400,
        state: 'open',
        broker_order_id: 'paper-gone-1',
      },
    ]);

    const { engine, paper } = scriptedEngine();
    await engine.tick(at(1));
    await engine.tick(at(2));
    const rows = await tradesOf(signal.signal_id);
    expect(rows.map((r) => [r.trabot_account_id, r.trade_status])).toEqual([
      [first, 'running'],
      [second, 'pending'],
      [third, 'running'],
    ]);
    expect(await entriesOf(rows[0]!.trabot_trade_id)).toHaveLength(1);
    expect(await entriesOf(rows[1]!.trabot_trade_id)).toEqual([]);
    expect((await legsOfTrade(rows[1]!.trabot_trade_id)).map((l) => [l.state, l.broker_order_id])).toEqual([
      ['open', 'paper-gone-1'],
    ]);
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, second));
    expect(
      (await paper.orderBook({ clientId: account!.broker_client_id, accessKey: 'key' })).map((o) => [
        o.orderId,
        o.state,
        o.request.limitPrice,
      ]),
    ).toEqual([['paper-gone-1', 'open', 245]]);
    expect(await warningsAbout(signal.signal_id)).toEqual([]);
    const count = await t.deps.db
      .select()
      .from(trades)
      .where(and(eq(trades.signal_id, signal.signal_id)));
    expect(count).toHaveLength(3);
  });

  it('replays the same prices and fills under the same seed', async () => {
    const run = async () => {
      const algoId = await newAlgo();
      await subscriber(algoId, {});
      const signal = await newSignal(algoId, {
        instrument_symbol: 'WIPRO',
        entry_level: 300,
        stop_loss_level: 294,
        target_level: 320,
      });
      const { engine } = newEngine();
      for (let i = 1; i <= 5; i++) await engine.tick(at(i));
      const [trade] = await tradesOf(signal.signal_id);
      return [trade!.avg_entry_price, trade!.ltp, (await signalRow(signal.signal_id)).ltp];
    };
    expect(await run()).toEqual(await run());
  });

  it('charges a swing trade sold on a later day as delivery, with DP once for the day of the sell', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId, { instrument_symbol: 'HINDUNILVR' });
    await engine.tick(at(1));
    const [open] = await tradesOf(signal.signal_id);
    feed.set('HINDUNILVR', 262.5);
    await engine.tick(new Date('2026-01-06T05:00:00Z'));
    // docs/engine.md, the charges' worked example: 400 bought at 250 on the 5th, sold at 262.50 on the 6th.
    expect((await entriesOf(open!.trabot_trade_id))[0]).toMatchObject({
      stt: 100,
      exchange_transaction_charges: 2.97,
      sebi_tax: 0.1,
      stamp_duty: 15,
      dp_charges: 0,
      service_tax: 0.55,
    });
    expect((await exitsOf(open!.trabot_trade_id))[0]).toMatchObject({
      stt: 105,
      exchange_transaction_charges: 3.12,
      sebi_tax: 0.11,
      stamp_duty: 0,
      dp_charges: 13,
      service_tax: 2.92,
    });
  });

  it('squares off an intraday trade at 15:15 IST', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    await subscriber(algoId, { max_percent_allocation_pertrade: 100 });
    const signal = await newSignal(algoId, {
      instrument_symbol: 'SBIN',
      trade_type: 'intraday',
      entry_level: 800,
      stop_loss_level: 700,
      target_level: 1_000,
      portion_in_trade: 100,
    });
    await engine.tick(at(1));
    const [open] = await tradesOf(signal.signal_id);
    expect(open).toMatchObject({ trade_status: 'running', trade_quantity: 50 });
    feed.set('SBIN', 812.4);
    await engine.tick(new Date('2026-01-05T09:44:57Z'));
    expect((await tradesOf(signal.signal_id))[0]!.trade_status).toBe('running');
    await engine.tick(new Date('2026-01-05T09:45:00Z'));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      avg_exit_price: 812.4,
    });
    expect(await exitsOf(open!.trabot_trade_id)).toEqual([
      expect.objectContaining({
        trade_exit_quantity: 50,
        ...legCharges({ product: 'intraday', side: 'sell', quantity: 50, price: 812.4 }),
      }),
    ]);
    expect((await legsOfTrade(open!.trabot_trade_id)).map((l) => l.source)).toEqual(['signal', 'square_off']);
  });

  it('cancels the unfilled entries of a cancelled signal at the broker, quietly', async () => {
    const { paper, engine } = scriptedEngine();
    const algoId = await newAlgo();
    const withOrder = await subscriber(algoId, {}, 'key-w');
    const withoutOrder = await subscriber(algoId, {});
    const signal = await newSignal(algoId, {
      instrument_symbol: 'ITC',
      entry_level: 400,
      stop_loss_level: 390,
      target_level: 430,
      trade_status: 'running',
    });
    await engine.tick(at(1)); // the feed now prices ITC
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, withOrder));
    const credentials = { clientId: account!.broker_client_id, accessKey: 'key-w' };
    const resting = await paper.placeOrder(credentials, {
      exchange: 'NSE',
      symbol: 'ITC',
      side: 'buy',
      product: 'delivery',
      orderType: 'limit',
      limitPrice: 330,
      quantity: 10,
    });
    const pending = {
      trade_type: 'swing' as const,
      signal_id: signal.signal_id,
      algo_id: algoId,
      trade_instrument: 'ITC',
      trade_date: '2026-01-05',
      trade_direction: 'long' as const,
      trade_quantity: 10,
    };
    const [rested] = await t.deps.db
      .insert(trades)
      .values([
        { ...pending, trabot_account_id: withOrder, broker_trade_number: resting.orderId },
        { ...pending, trabot_account_id: withoutOrder },
      ])
      .returning();
    await t.deps.db.insert(orderLegs).values({
      trabot_trade_id: rested!.trabot_trade_id,
      trabot_account_id: withOrder,
      side: 'entry',
      source: 'signal',
      quantity: 10,
      order_type: 'limit',
      limit_price: 330,
      state: 'open',
      broker_order_id: resting.orderId,
    });
    await t.deps.db.update(signals).set({ trade_status: 'cancelled' }).where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(at(2));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trade_status)).toEqual(['cancelled', 'cancelled']);
    expect(await paper.orderStatus(credentials, resting.orderId)).toMatchObject({ state: 'cancelled' });
    expect(await legsOfTrade(rested!.trabot_trade_id)).toEqual([
      expect.objectContaining({ state: 'cancelled', reason: `signal ${signal.signal_id} cancelled` }),
    ]);
    expect(await warningsAbout(signal.signal_id)).toEqual([]);
  });
});
