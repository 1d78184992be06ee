/**
 * Queued Manual Entry / Manual Exit orders (docs/engine.md, "Manual orders"): one leg per account
 * trading the signal, of the order's type and portion. For one order, however many accounts: one
 * read of the accounts, one key check pass, one transaction writing trades, legs and skip warnings,
 * bounded broker calls and one transaction saving the answers (the order's status with them).
 */
import { and, asc, eq, notExists } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, manualOrders, orderLegs, signals, trades } from '../db/schema';
import { raiseWarnings } from '../records/warnings';
import type { EngineContext, SignalRow } from './engine-deps';
import {
  liveEntryMaxAgeMs,
  liveEntryPrice,
  marketEntryPrice,
  sessionReadiness,
  WAITING_FOR_OPEN,
  type EntryPrice,
} from './entry-guards';
import { askLivePrices, priceAccountOf } from './live-prices';
import { tradeBroker } from '../brokers/select-adapter';
import { haltNote } from './halts';
import { checkKeys } from './key-checks';
import { entrySkip, selectSubscribers, subscribedTo } from '../trading/entry-eligibility';
import { insertLegs, insertTradesWithLegs, type LegToInsert, type NewLeg } from './new-legs';
import { applyAnswers, sendLegs, type LegContext } from './order-legs';
import { clearForExit } from './protections';
import { sizePosition } from '../trading/sizing';
import { floorShares } from '../trading/money';

type ManualOrderRow = typeof manualOrders.$inferSelect;

/** A manual exit's note while the trades' protective orders at the broker are being cancelled. */
export const WAITING_FOR_PROTECTION_CANCEL = 'Waiting for the protective orders at the broker to be cancelled';
type Warning = { message: string; data: Record<string, unknown> };

/** Accounts that have no leg of the manual order yet. */
const withoutLeg = (db: Db, orderId: number) =>
  notExists(
    db
      .select({ id: orderLegs.id })
      .from(orderLegs)
      .where(and(eq(orderLegs.manual_order_id, orderId), eq(orderLegs.trabot_account_id, accounts.trabot_account_id))),
  );

class Skips {
  readonly warnings: Warning[] = [];
  constructor(private readonly order: ManualOrderRow) {}
  add(accountId: number, detail: string, reason: string) {
    const message = `Manual ${this.order.side} ${this.order.id}: account ${accountId} skipped for signal ${this.order.signal_id}: ${detail}`;
    this.warnings.push({
      message,
      data: { manual_order_id: this.order.id, trabot_account_id: accountId, signal_id: this.order.signal_id, reason },
    });
  }
  get messages() {
    return this.warnings.map((w) => w.message);
  }
}

const legOf = (order: ManualOrderRow, quantity: number): NewLeg => ({
  side: order.side,
  source: 'manual',
  manual_order_id: order.id,
  quantity,
  order_type: order.order_type,
  limit_price: order.limit_price,
  trigger_price: order.trigger_price,
});

/**
 * Manual Entry: every subscribed account with a valid key, sized with the order's portion, adds to
 * its open trade or opens one. A limit order is sized at its limit; a market one at the price its
 * entry will get: `feed`'s for a paper trade, its own broker's for a live one. An account whose
 * price is not there yet (a stale feed for paper, no fresh broker price for live) waits: the legs
 * of the others are answered with the first wait's note.
 */
async function entryLegs(
  ctx: EngineContext,
  order: ManualOrderRow,
  signal: SignalRow,
  entry: { limit: number } | { feed: EntryPrice },
  skips: Skips,
  now: Date,
) {
  const { db } = ctx.deps;
  const subscribers = await selectSubscribers(db, { trade: trades })
    .leftJoin(
      trades,
      and(eq(trades.signal_id, signal.signal_id), eq(trades.trabot_account_id, accounts.trabot_account_id)),
    )
    .where(subscribedTo(signal.algo_id, withoutLeg(db, order.id)))
    .orderBy(asc(accounts.trabot_account_id));
  const open = subscribers.filter((subscriber) => {
    const { trade, account } = subscriber;
    const skip = entrySkip(ctx.halts, subscriber, now);
    if (skip) {
      skips.add(account.trabot_account_id, skip.detail, skip.reason);
      return false;
    }
    if (!trade || trade.trade_status === 'pending' || trade.trade_status === 'running') return true;
    skips.add(
      account.trabot_account_id,
      `its trade ${trade.trabot_trade_id} on the signal is ${trade.trade_status}`,
      'trade_closed',
    );
    return false;
  });
  const keys = await checkKeys(
    ctx,
    open.map((s) => s.account),
    now,
  );
  // A trade added to goes to the broker it opened on; a new one to the account's broker as it trades now.
  const brokerOfEntry = (s: (typeof open)[number]) => s.trade?.broker ?? tradeBroker(s.account, ctx.deps.env);
  const live = new Map<number, EntryPrice>();
  let waiting: string | null = null;
  if ('feed' in entry) {
    const wants = open
      .filter((s) => keys.get(s.account.trabot_account_id) !== null && brokerOfEntry(s) !== 'paper')
      .map((s) => ({ account: s.account, broker: brokerOfEntry(s), symbol: signal.instrument_symbol }));
    await askLivePrices(ctx, wants, now, liveEntryMaxAgeMs(ctx.settings));
    const reference = ctx.feed.quote(signal.instrument_symbol);
    for (const { account, broker, symbol } of wants) {
      const last = ctx.live.price(priceAccountOf(account.trabot_account_id, broker), broker, symbol);
      live.set(account.trabot_account_id, liveEntryPrice(signal, broker, last, reference, now, ctx.settings));
    }
  }
  const adding: LegToInsert[] = [];
  const opening: Parameters<typeof insertTradesWithLegs>[3][number][] = [];
  for (const subscriber of open) {
    const { subscription, account, trade } = subscriber;
    const key = keys.get(account.trabot_account_id);
    if (key === null) {
      skips.add(account.trabot_account_id, 'the broker could not be reached to check the key', 'broker_unreachable');
      continue;
    }
    const priced =
      'limit' in entry
        ? ({ kind: 'price', price: entry.limit } as const)
        : brokerOfEntry(subscriber) === 'paper'
          ? entry.feed
          : live.get(account.trabot_account_id)!;
    if (priced.kind === 'skip') skips.add(account.trabot_account_id, priced.detail, priced.reason);
    if (priced.kind === 'wait') waiting ??= priced.note;
    if (priced.kind !== 'price') continue;
    const price = priced.price;
    const sized = sizePosition({
      subscription,
      signal: { ...signal, portion_in_trade: order.portion * 100 },
      accessKeyValid: key === true,
      price,
    });
    if (!sized.ok) {
      skips.add(account.trabot_account_id, sized.detail, sized.reason);
      continue;
    }
    if (trade) adding.push({ trade, account, signal, leg: legOf(order, sized.quantity) });
    else opening.push({ account, quantity: sized.quantity, leg: legOf(order, sized.quantity) });
  }
  const legs = await db.transaction(async (tx) => [
    ...(await insertLegs(tx, adding, now)),
    ...(await insertTradesWithLegs(tx, ctx.deps.env, signal, opening, now)),
  ]);
  return { legs, waiting };
}

/** Manual Exit: floor(remaining quantity x portion) of every running trade of the signal. */
async function exitLegs(ctx: EngineContext, order: ManualOrderRow, signal: SignalRow, skips: Skips, now: Date) {
  const { db } = ctx.deps;
  const running = await db
    .select({ trade: trades, account: accounts })
    .from(trades)
    .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
    .where(and(eq(trades.signal_id, signal.signal_id), eq(trades.trade_status, 'running'), withoutLeg(db, order.id)))
    .orderBy(asc(trades.trabot_trade_id));
  // Protective orders resting at the broker are cancelled first; the order waits until every one is.
  const free = await clearForExit(
    ctx,
    running.map((r) => r.trade.trabot_trade_id),
    now,
    `manual exit ${order.id}`,
  );
  if (free.size < running.length) return null;
  const items: LegToInsert[] = [];
  for (const { trade, account } of running) {
    const quantity = floorShares((trade.remaining_quantity ?? 0) * order.portion);
    if (quantity > 0) items.push({ trade, account, signal, leg: legOf(order, quantity) });
    else
      skips.add(
        account.trabot_account_id,
        `${order.portion} of the ${trade.remaining_quantity ?? 0} open shares of trade ${trade.trabot_trade_id} is 0 shares`,
        'zero_quantity',
      );
  }
  return db.transaction((tx) => insertLegs(tx, items, now));
}

/** Sets the order's reason while it waits (queued), writing only when it changes. */
async function waiting(ctx: EngineContext, order: ManualOrderRow, note: string) {
  if (order.status_reason === note) return;
  await ctx.deps.db.update(manualOrders).set({ status_reason: note }).where(eq(manualOrders.id, order.id));
}

async function placeOrder(ctx: EngineContext, order: ManualOrderRow, signal: SignalRow, now: Date): Promise<void> {
  const skips = new Skips(order);
  if (order.side === 'entry') {
    if (ctx.halts.all) return waiting(ctx, order, haltNote(ctx.halts.all));
    const session = sessionReadiness(order.trade_type, now, ctx.calendar);
    if (session.kind === 'wait') return waiting(ctx, order, session.note);
    if (session.kind === 'refuse') {
      await ctx.deps.db
        .update(manualOrders)
        .set({ status: 'failed', status_reason: session.detail })
        .where(eq(manualOrders.id, order.id));
      return;
    }
  } else if (sessionReadiness('swing', now, ctx.calendar).kind !== 'go') {
    return waiting(ctx, order, WAITING_FOR_OPEN);
  }
  if (order.side === 'exit') {
    const legs = await exitLegs(ctx, order, signal, skips, now);
    if (!legs) return waiting(ctx, order, WAITING_FOR_PROTECTION_CANCEL);
    return send(ctx, order, legs, skips, now);
  }
  let entry: Parameters<typeof entryLegs>[3] = { limit: order.limit_price ?? 0 };
  // The feed's price is a paper account's alone (a stale one holds only those); a live account's is
  // its own broker's (entryLegs), whatever the feed says.
  if (order.order_type === 'market')
    entry = { feed: marketEntryPrice(signal, ctx.feed.quote(signal.instrument_symbol), now, ctx.settings) };
  const { legs, waiting: note } = await entryLegs(ctx, order, signal, entry, skips, now);
  if (!note) return send(ctx, order, legs, skips, now);
  // Some account waits for its price: the others' legs go now, the order stays queued for the rest
  // (accounts with a leg are not taken again) and its skips are decided again next tick.
  if (legs.length) await applyAnswers(ctx, await sendLegs(ctx, legs), now);
  await ctx.deps.db
    .update(manualOrders)
    .set({ status: 'queued', status_reason: note })
    .where(eq(manualOrders.id, order.id));
}

/** Sends the order's legs and saves the answers, its skips (warned) in its status reason. */
async function send(ctx: EngineContext, order: ManualOrderRow, legs: readonly LegContext[], skips: Skips, now: Date) {
  for (const w of skips.warnings) ctx.deps.log.warn(w.data, `engine: ${w.message}`);
  await raiseWarnings(ctx.deps.db, skips.warnings);
  await applyAnswers(ctx, await sendLegs(ctx, legs), now, new Map([[order.id, skips.messages]]));
}

/** Every queued manual order, oldest first; an order waiting for the market stays queued with its reason. */
export async function placeQueuedManualOrders(ctx: EngineContext, now: Date): Promise<void> {
  const queued = await ctx.deps.db
    .select({ order: manualOrders, signal: signals })
    .from(manualOrders)
    .innerJoin(signals, eq(signals.signal_id, manualOrders.signal_id))
    .where(eq(manualOrders.status, 'queued'))
    .orderBy(asc(manualOrders.id));
  for (const { order, signal } of queued) {
    if (ctx.stopping()) return;
    await placeOrder(ctx, order, signal, now);
  }
}
