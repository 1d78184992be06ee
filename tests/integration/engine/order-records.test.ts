/**
 * The order records (order_events): every placement's request, every broker answer and every change
 * of a leg's state, for paper orders as the engine sends them; append-only (the database refuses
 * UPDATE, DELETE and TRUNCATE); exported as CSV by a superadmin for a range of days in India.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualOrders, orderEvents, tradingHalts } from '@server/db/schema';
import { createUser } from '../../factories/accounts';
import { engineScenario } from './scenario';

const { t, at, scriptedEngine, subscriber, newAlgo, newSignal, tradesOf } = engineScenario();

const eventsOfTrade = (tradeId: number) =>
  t.deps.db.select().from(orderEvents).where(eq(orderEvents.trabot_trade_id, tradeId)).orderBy(asc(orderEvents.id));
const story = (rows: (typeof orderEvents.$inferSelect)[]) =>
  rows.map((e) => [e.kind, e.action, e.previous_state ? `${e.previous_state}->${e.state}` : e.state]);

describe('order records: written by the engine', () => {
  it('records a market entry: its request with the leg, the answer and the state it moved to', async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId, { instrument_symbol: 'SBIN' });
    await engine.tick(at(1));
    const [trade] = await tradesOf(signal.signal_id);
    const events = await eventsOfTrade(trade!.trabot_trade_id);
    expect(story(events)).toEqual([
      ['request', 'place', 'sending'],
      ['answer', 'place', 'filled'],
      ['status', 'place', 'sending->filled'],
    ]);
    expect(events[0]).toMatchObject({
      broker: 'paper',
      exchange: 'NSE',
      symbol: 'SBIN',
      side: 'buy',
      product: 'delivery',
      order_type: 'market',
      quantity: 400,
      client_order_id: expect.stringMatching(/^TB\d+L\d+$/),
      broker_order_id: null,
      signal_id: signal.signal_id,
    });
    expect(events[1]).toMatchObject({ filled_quantity: 400, average_price: 250, broker_order_id: expect.any(String) });
    expect(events.every((e) => e.at.getTime() === at(1).getTime())).toBe(true);
  });

  it('records a resting limit, its fill found by a later poll, a cancel request and its answer, and a refusal', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    const signal = await newSignal(algoId, {
      instrument_symbol: 'LT',
      algo_process_ind: false,
      stop_loss_level: 200,
      target_level: 330,
    });
    await engine.tick(at(1));
    const queue = async (limit: number) =>
      (
        await t.deps.db
          .insert(manualOrders)
          .values({
            signal_id: signal.signal_id,
            trade_type: 'swing',
            side: 'entry',
            portion: 0.5,
            order_type: 'limit',
            limit_price: limit,
          })
          .returning()
      )[0]!.id;
    await queue(249.5);
    await engine.tick(at(2));
    const [trade] = await tradesOf(signal.signal_id);
    expect(story(await eventsOfTrade(trade!.trabot_trade_id))).toEqual([
      ['request', 'place', 'sending'],
      ['answer', 'place', 'open'],
      ['status', 'place', 'sending->open'],
    ]);
    // Polls that find the order still resting record nothing.
    await engine.tick(at(3));
    expect(await eventsOfTrade(trade!.trabot_trade_id)).toHaveLength(3);
    feed.set('LT', 249.4);
    await engine.tick(at(4));
    expect(story(await eventsOfTrade(trade!.trabot_trade_id)).slice(3)).toEqual([
      ['answer', 'status', 'filled'],
      ['status', 'status', 'open->filled'],
    ]);

    // A second limit far below rests; the account is halted: the engine cancels it at the broker.
    await queue(240);
    await engine.tick(at(5));
    await t.deps.db.insert(tradingHalts).values({ account_id: account, reason: 'records test' });
    await engine.tick(at(6));
    await t.deps.db
      .update(tradingHalts)
      .set({ lifted_at: at(6) })
      .where(eq(tradingHalts.account_id, account));
    const events = await eventsOfTrade(trade!.trabot_trade_id);
    expect(story(events).slice(5)).toEqual([
      ['request', 'place', 'sending'],
      ['answer', 'place', 'open'],
      ['status', 'place', 'sending->open'],
      ['request', 'cancel', 'open'],
      ['answer', 'cancel', 'cancelled'],
      ['status', 'cancel', 'open->cancelled'],
    ]);
    expect(events.at(-1)!.message).toBe('trading halted: records test');

    // A limit off the tick (0.05 for a close of 250) is refused by the broker: its answer and state are kept.
    const outside = await queue(249.02);
    await engine.tick(at(7));
    const [row] = await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, outside));
    expect(row).toMatchObject({ status: 'failed' });
    const refused = (await eventsOfTrade(trade!.trabot_trade_id)).slice(11);
    expect(story(refused)).toEqual([
      ['request', 'place', 'sending'],
      ['answer', 'place', 'rejected'],
      ['status', 'place', 'sending->rejected'],
    ]);
    expect(refused[1]!.message).toBe('Price must be a multiple of the tick size 0.05');
    expect(refused[1]!.limit_price).toBe(249.02);
  });
});

describe('order records: append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of order_events', async () => {
    const [first] = await t.deps.db.select().from(orderEvents).limit(1);
    expect(first).toBeDefined();
    const refused = async (statement: Promise<unknown>) => {
      const err = await statement.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      const { message, cause } = err as Error & { cause?: { message?: string } };
      expect(`${message} ${cause?.message ?? ''}`).toMatch(/order_events is append-only/);
    };
    await refused(t.deps.db.update(orderEvents).set({ message: 'edited' }).where(eq(orderEvents.id, first!.id)));
    await refused(t.deps.db.delete(orderEvents).where(eq(orderEvents.id, first!.id)));
    await refused(t.deps.db.execute(sql`truncate order_events`));
    const [again] = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.id, first!.id));
    expect(again).toEqual(first);
  });
});

describe('order records: CSV export (GET /api/admin/order-records)', () => {
  it('is for a superadmin only: 401 anonymous, 403 a member', async () => {
    const anonymous = await t.client().request('/api/admin/order-records?from=2026-01-05&to=2026-01-05');
    expect(anonymous.status).toBe(401);
    const member = await createUser(t.deps, { role: 'member' });
    const client = t.client();
    expect((await client.login(member.email, member.password)).status).toBe(200);
    expect((await client.request('/api/admin/order-records?from=2026-01-05&to=2026-01-05')).status).toBe(403);
  });

  it('exports every event of the days asked, header first, in order, with formula-prefix protection', async () => {
    const admin = await createUser(t.deps, { role: 'superadmin' });
    const client = t.client();
    expect((await client.login(admin.email, admin.password)).status).toBe(200);
    // A broker reason that a spreadsheet would run as a formula.
    const [last] = await t.deps.db
      .select()
      .from(orderEvents)
      .orderBy(sql`id desc`)
      .limit(1);
    const { id: _id, ...copy } = last!;
    await t.deps.db.insert(orderEvents).values({ ...copy, message: '=HYPERLINK("http://x")' });

    const res = await client.request('/api/admin/order-records?from=2026-01-05&to=2026-01-05');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="order-records-2026-01-05-to-2026-01-05.csv"',
    );
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('event_id,at,kind,action,broker,leg_id,trabot_trade_id')).toBe(true);
    const all = await t.deps.db.select().from(orderEvents).orderBy(asc(orderEvents.at), asc(orderEvents.id));
    expect(lines).toHaveLength(all.length + 1);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(all.map((e) => e.id));
    expect(lines.at(-1)).toContain(`"'=HYPERLINK(""http://x"")"`);

    // Another day has none of them; a bad range is a 400 naming the field.
    const other = await client.request('/api/admin/order-records?from=2026-01-06&to=2026-01-31');
    expect((await other.text()).split('\r\n').filter(Boolean)).toHaveLength(1);
    for (const [query, field] of [
      ['from=2026-01-05', 'to'],
      ['from=1999-12-31&to=2026-01-05', 'from'],
      ['from=2026-01-05&to=2101-01-01', 'to'],
      ['from=2026-02-01&to=2026-01-05', 'from'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
    ] as const) {
      const bad = await client.request(`/api/admin/order-records?${query}`);
      expect(bad.status, query).toBe(400);
      expect(((await bad.json()) as { fields: Record<string, string> }).fields, query).toHaveProperty(field);
    }
  });
});
