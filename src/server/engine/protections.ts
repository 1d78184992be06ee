/**
 * Protective orders at the broker (docs/engine.md, "Protective orders at the broker"): a live
 * trade's stop-loss and target rest at its broker (adapter.ts, `ProtectiveOrders`), so they hold
 * while Trabot is down.
 *
 * - `protectFills`, in the transaction that books an entry fill: the trade's protection is written
 *   `placing` (one per trade, a unique index).
 * - `followProtections`, each tick: a `placing` one is looked up at the broker first (a crash
 *   between writing and placing never places two) and placed only if absent, for the trade's open
 *   quantity; an active one whose trade's quantity or signal's levels changed is modified; one whose
 *   trade closed is cancelled; an expired or disabled one is placed again.
 * - `reconcileProtections`, at start-up, every minute and on a Kite postback: a leg the broker
 *   executed is booked as the trade's exit (an exit leg of source `protection`, the broker's order,
 *   its fill price and charges), the other leg cancelled where the broker does not, the member told
 *   (the trade's closing push) and the superadmin warned.
 * - `clearForExit`, before Trabot sends an exit of its own (a level, a square-off, a manual exit):
 *   the protection is cancelled first and the exit goes only once the cancel is answered; a leg
 *   found executed is booked instead. Never a second exit.
 */
import { and, eq, gt, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, algos, orderLegs, protectionEvents, protections, signals, trades } from '../db/schema';
import { raiseWarnings } from '../records/warnings';
import { adapterOfTrade } from '../brokers/select-adapter';
import {
  BrokerError,
  hasProtectiveOrders,
  type BrokerAdapter,
  type BrokerCredentials,
  type Protection,
  type ProtectionRequest,
  type ProtectiveOrders,
} from '../brokers/adapter';
import { productOf } from '../trading/charges';
import { istDay, istTime } from '@shared/ist';
import { LAPSED_AT_THE_CLOSE, PLACED_FOR_THE_NEW_SESSION } from '@shared/protection-reasons';
import { SESSION_CLOSE_IST } from './market-hours';
import { exitSide } from '../trading/trade-math';
import { brokerOf } from './broker-access';
import { askLivePrices, livePriceOfTrade } from './live-prices';
import { stopOnlyFound } from './watched-targets';
import { stopLimitOfTrade, withTriggeredStop } from './stop-fill';
import { mapBounded } from './bounded';
import type { AccountRow, EngineContext, SignalRow, TradeRow } from './engine-deps';
import { FencedError, assertLeading } from './fence';
import type { FillToBook } from './fills';
import { applyAnswers } from './order-legs';
import { UNSETTLED_LEG_STATES } from '@shared/states/legs';
import { EXIT_BLOCKING_STATES, LIVE_PROTECTION_STATES, RESTING_PROTECTION_STATES } from '@shared/states/protections';
import { moveProtection, moveProtections, type ProtectionMove, type ProtectionRow } from '../states/protections';
import { protectionsFailed } from './stop-failures';

type Ctx = EngineContext;

/** A protection with its trade, signal and account. */
export interface ProtectionContext {
  protection: ProtectionRow;
  trade: TradeRow;
  signal: SignalRow;
  account: AccountRow;
  /** The exchange Algo ID of the trade's algo: every order request of the protection names it (issue 42). */
  exchangeAlgoId: string | null;
}

/**
 * The order tags of a protection's two legs, and of the protection as a whole where the broker tags
 * an OCO once (Dhan's forever order; the order its trigger places carries it). Kite: alphanumeric,
 * at most 20 characters.
 */
export const protectionTags = (p: Pick<ProtectionRow, 'id' | 'trabot_trade_id'>) => ({
  stop: `TB${p.trabot_trade_id}P${p.id}S`,
  target: `TB${p.trabot_trade_id}P${p.id}T`,
  whole: `TB${p.trabot_trade_id}P${p.id}O`,
});

/** An order tag of a protection's leg or of the protection (reconciliation knows these orders as Trabot's). */
export const isProtectionTag = (tag: string | null) => tag !== null && /^TB\d+P\d+[STO]$/.test(tag);

/** The broker of a trade takes protective orders (paper, Zerodha, and the others as their adapters do). */
export function protects(ctx: Pick<Ctx, 'deps' | 'paper'>, broker: string): boolean {
  try {
    return hasProtectiveOrders(adapterOfTrade(broker, ctx.deps.env, ctx.paper));
  } catch {
    return false;
  }
}

/**
 * In the transaction that books fills: each live entry fill of a trade whose broker rests
 * protective orders writes the trade's protection `placing` (none twice: the unique index).
 */
export async function protectFills(
  ctx: Pick<Ctx, 'deps' | 'paper'>,
  tx: Db,
  fills: readonly FillToBook[],
  now: Date,
): Promise<void> {
  const entries = new Map(
    fills
      .filter((f) => f.leg.side === 'entry' && protects(ctx, f.trade.broker))
      .map((f) => [f.trade.trabot_trade_id, f.trade]),
  );
  if (!entries.size) return;
  await tx
    .insert(protections)
    .values(
      [...entries.values()].map((trade) => ({
        trabot_trade_id: trade.trabot_trade_id,
        trabot_account_id: trade.trabot_account_id,
        broker: trade.broker,
        state: 'placing' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflictDoNothing();
}

async function protectionsWhere(db: Db, condition: ReturnType<typeof and>): Promise<ProtectionContext[]> {
  return db
    .select({
      protection: protections,
      trade: trades,
      signal: signals,
      account: accounts,
      exchangeAlgoId: algos.exchange_algo_id,
    })
    .from(protections)
    .innerJoin(trades, eq(trades.trabot_trade_id, protections.trabot_trade_id))
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .innerJoin(algos, eq(algos.algo_id, signals.algo_id))
    .innerJoin(accounts, eq(accounts.trabot_account_id, protections.trabot_account_id))
    .where(condition)
    .orderBy(protections.id);
}

type Protecting = { adapter: BrokerAdapter & ProtectiveOrders; credentials: BrokerCredentials };

function brokerFor(ctx: Ctx, p: ProtectionContext): Protecting | null {
  const { adapter, credentials } = brokerOf(ctx, p.account, p.trade.broker);
  return hasProtectiveOrders(adapter) ? { adapter, credentials } : null;
}

/**
 * The last price a protection is placed or modified against (it sets a GTT's trigger direction, a
 * stop's side): a paper trade's from the feed; a live trade's only from its own broker
 * (live-prices.ts), null when none is fresh: nothing is then placed or modified on it.
 */
function lastPriceOf(ctx: Ctx, p: ProtectionContext, now: Date): number | null {
  const { trade, signal } = p;
  if (trade.broker !== 'paper') return livePriceOfTrade(ctx, trade, now);
  return ctx.feed.quote(signal.instrument_symbol)?.ltp ?? trade.ltp ?? trade.avg_entry_price ?? signal.entry_level;
}

/** What the protection should be now: the trade's open quantity at its signal's levels (no last price known: null). */
function wanted(
  ctx: Ctx,
  p: ProtectionContext,
  now: Date,
): Omit<ProtectionRequest, 'lastPrice'> & { lastPrice: number | null } {
  const { trade, signal, protection } = p;
  return {
    exchange: signal.exchange,
    symbol: signal.instrument_symbol,
    side: exitSide(trade.trade_direction),
    product: productOf(trade.trade_type),
    quantity: trade.remaining_quantity ?? 0,
    stop: signal.stop_loss_level,
    stopLimit: stopLimitOfTrade(ctx, trade, signal),
    target: signal.target_level,
    lastPrice: lastPriceOf(ctx, p, now),
    clientOrderIds: protectionTags(protection),
  };
}

const describe = (p: ProtectionContext) =>
  `the protective orders (stop ${p.signal.stop_loss_level}, target ${p.signal.target_level}) of trade ${p.trade.trabot_trade_id} for account ${p.account.trabot_account_id} at ${p.trade.broker}`;

const warningData = (p: ProtectionContext, reason: string) => ({
  trabot_trade_id: p.trade.trabot_trade_id,
  trabot_account_id: p.account.trabot_account_id,
  broker: p.trade.broker,
  protection_id: p.protection.id,
  reason,
});

async function warn(ctx: Ctx, p: ProtectionContext, message: string, reason: string) {
  ctx.deps.log.warn(warningData(p, reason), `engine: ${message}`);
  await raiseWarnings(ctx.deps.db, [{ message, data: warningData(p, reason) }]);
}

/** One broker call, its failure answered: a refusal, or the broker not reached. */
async function attempt<T>(call: () => Promise<T>): Promise<{ ok: T } | { refused: string } | { unreachable: unknown }> {
  try {
    return { ok: await call() };
  } catch (error) {
    if (error instanceof FencedError) throw error;
    return error instanceof BrokerError ? { refused: error.message } : { unreachable: error };
  }
}

const move = (ctx: Ctx, p: ProtectionContext, to: Omit<ProtectionMove, 'id' | 'from' | 'updated_at'>, now: Date) =>
  moveProtection(ctx.deps.db, ctx.deps.log, { id: p.protection.id, from: p.protection.state, updated_at: now, ...to });

/** The terms a protection holds at the broker, as columns. */
const termsOf = (b: Protection) => ({
  kind: b.kind,
  broker_protection_id: b.protectionId,
  quantity: b.terms.quantity,
  stop: b.terms.stop,
  stop_limit: b.terms.stopLimit,
  target: b.terms.target,
});

/**
 * A `placing` protection already at the broker (placed before a crash, its answer never saved):
 * its two legs' tagged orders in the order book, or a GTT on the symbol at the same levels that no
 * other protection of the account holds.
 */
async function lookUp(
  ctx: Ctx,
  p: ProtectionContext,
  broker: Protecting,
  now: Date,
  known?: ReadonlySet<string>,
): Promise<Protection | null> {
  const tags = protectionTags(p.protection);
  const book = await broker.adapter.orderBook(broker.credentials);
  // Orders withdrawn earlier carry the same tags (a protection placed again after a partial exit): left out.
  const tagged = (tag: string) =>
    book.find((o) => o.clientOrderId === tag && o.state !== 'cancelled' && o.state !== 'rejected') ?? null;
  const stop = tagged(tags.stop);
  const target = tagged(tags.target);
  if (stop && target) return broker.adapter.protectionStatus(broker.credentials, `${stop.orderId}/${target.orderId}`);
  const want = wanted(ctx, p, now);
  if (stop && broker.adapter.watchesTarget?.(want.product)) return stopOnlyFound(broker, stop, want.target);
  if (stop || target) {
    // Half a protection (the crash came between its two orders): withdrawn, then placed whole.
    const half = (stop ?? target)!;
    if (half.state === 'open' || half.state === 'trigger_pending')
      await broker.adapter.cancelOrder(broker.credentials, half.orderId, p.exchangeAlgoId);
    return null;
  }
  const held = known ?? (await heldAtBroker(ctx, p.account.trabot_account_id));
  return (
    (await broker.adapter.protectionBook(broker.credentials)).find(
      (b) =>
        // Triggered too: placed before a crash and fired while Trabot was down, it is booked, not placed again.
        (b.state === 'active' || b.state === 'triggered') &&
        !held.has(b.protectionId) &&
        b.terms.symbol === want.symbol &&
        b.terms.side === want.side &&
        b.terms.stop === want.stop &&
        b.terms.target === want.target,
    ) ?? null
  );
}

/**
 * A live trade's protection with no fresh price from its broker: not placed or modified on a
 * guess (the trigger direction depends on it); it waits in its state and is tried again next
 * tick. Logged once per protection (the trade's own "no live price" warning, once per outage,
 * names its account and symbol).
 */
function waitForPrice(ctx: Ctx, p: ProtectionContext, what: 'placed' | 'modified'): void {
  if (!ctx.warnedOnce(`protection-no-live-price:${p.protection.id}`))
    ctx.deps.log.warn(
      {
        protectionId: p.protection.id,
        tradeId: p.trade.trabot_trade_id,
        accountId: p.account.trabot_account_id,
        symbol: p.trade.trade_instrument,
        broker: p.trade.broker,
      },
      `engine: protection not ${what} yet: no live price for ${p.trade.trade_instrument} on account ${p.account.trabot_account_id}; tried again next tick`,
    );
}

/** The broker ids of an account's protections: a GTT found at the broker with one of these is not another's. */
async function heldAtBroker(ctx: Ctx, accountId: number): Promise<Set<string>> {
  const held = await ctx.deps.db
    .select({ id: protections.broker_protection_id })
    .from(protections)
    .where(eq(protections.trabot_account_id, accountId));
  return new Set(held.map((h) => h.id).filter((id) => id !== null));
}

/** What placing one protection came to at the broker, saved with the others of the tick. */
type Placement =
  | { p: ProtectionContext; state: 'cancelled' | 'rejected'; reason: string }
  | { p: ProtectionContext; state: 'active'; placed: Protection };

/**
 * Places a `placing` protection (after looking it up); null while its broker cannot be reached.
 * `known` holds the account's broker ids, this tick's placements added as they are made.
 */
async function askToPlace(ctx: Ctx, p: ProtectionContext, now: Date, known: Set<string>): Promise<Placement | null> {
  const broker = brokerFor(ctx, p);
  if (!broker) return null;
  const request = wanted(ctx, p, now);
  if (request.quantity <= 0)
    return { p, state: 'cancelled', reason: `trade ${p.trade.trabot_trade_id} has no open quantity` };
  const lastPrice = request.lastPrice;
  if (lastPrice === null) {
    waitForPrice(ctx, p, 'placed');
    return null;
  }
  const answer = await attempt(async () => {
    const found = await lookUp(ctx, p, broker, now, known);
    if (found) {
      ctx.deps.log.info(
        { protectionId: p.protection.id, brokerId: found.protectionId },
        'engine: protection found at the broker',
      );
      return found;
    }
    assertLeading(ctx.leadership);
    return broker.adapter.placeProtection(broker.credentials, {
      ...request,
      lastPrice,
      exchangeAlgoId: p.exchangeAlgoId,
    });
  });
  if ('unreachable' in answer) {
    ctx.deps.log.error(
      { err: answer.unreachable, protectionId: p.protection.id },
      'engine: protection not placed, the broker could not be reached; tried again next tick',
    );
    return null;
  }
  if ('refused' in answer || answer.ok.state === 'rejected' || answer.ok.state === 'cancelled')
    return {
      p,
      state: 'rejected',
      reason: 'refused' in answer ? answer.refused : (answer.ok.rejectReason ?? answer.ok.state),
    };
  known.add(answer.ok.protectionId);
  return { p, state: 'active', placed: answer.ok };
}

/**
 * The broker's answers to a tick's placements, saved in one transaction (a thousand entries filled
 * at once make one commit, not two thousand); then the refused are warned of and any found already
 * fired (placed before a crash) booked.
 */
async function savePlacements(ctx: Ctx, placements: readonly Placement[], now: Date): Promise<void> {
  const { db, log } = ctx.deps;
  const moved = await db.transaction((tx) =>
    moveProtections(
      tx,
      log,
      placements.map((pl) => ({
        id: pl.p.protection.id,
        from: pl.p.protection.state,
        updated_at: now,
        ...(pl.state === 'active'
          ? { state: pl.state, ...termsOf(pl.placed) }
          : { state: pl.state, reason: pl.reason }),
      })),
    ),
  );
  const saved = placements.filter((pl) => moved.has(pl.p.protection.id));
  const refused = saved.flatMap((pl) => (pl.state === 'rejected' ? [pl] : []));
  const warnings = refused.map(({ p, reason }) => ({
    message: `${p.trade.broker} refused ${describe(p)}: ${reason}. Trabot keeps watching the levels itself`,
    data: warningData(p, 'protection_rejected'),
  }));
  for (const w of warnings) log.warn(w.data, `engine: ${w.message}`);
  if (warnings.length) await raiseWarnings(db, warnings);
  const fired: { p: ProtectionContext; status: Protection }[] = [];
  for (const pl of saved) {
    if (pl.state !== 'active') continue;
    const { p, placed } = pl;
    log.info(
      { protectionId: p.protection.id, tradeId: p.trade.trabot_trade_id, brokerId: placed.protectionId },
      'engine: protection resting at the broker',
    );
    // A protection found already fired (placed before a crash) is booked at once.
    if (placed.state === 'triggered')
      fired.push({ p: { ...p, protection: { ...p.protection, state: 'active', ...termsOf(placed) } }, status: placed });
  }
  await bookTriggered(ctx, fired, now);
}

/** New quantity or levels for an active (or half-modified) protection. */
async function modify(ctx: Ctx, p: ProtectionContext, now: Date): Promise<void> {
  const broker = brokerFor(ctx, p);
  if (!broker || !p.protection.broker_protection_id) return;
  const want = wanted(ctx, p, now);
  const lastPrice = want.lastPrice;
  if (lastPrice === null) return waitForPrice(ctx, p, 'modified');
  if (p.protection.state === 'active') {
    if (!(await move(ctx, p, { state: 'modifying' }, now))) return;
    p = { ...p, protection: { ...p.protection, state: 'modifying' } };
  }
  const id = p.protection.broker_protection_id!;
  const answer = await attempt(() => {
    assertLeading(ctx.leadership);
    return broker.adapter.modifyProtection(broker.credentials, id, {
      quantity: want.quantity,
      stop: want.stop,
      stopLimit: want.stopLimit,
      target: want.target,
      lastPrice,
      exchangeAlgoId: p.exchangeAlgoId,
    });
  });
  if ('unreachable' in answer) return; // still modifying: tried again next tick
  const status = 'ok' in answer ? answer.ok : await settledStatus(p, broker);
  if (!status) {
    await move(ctx, p, { state: 'active' }, now);
    return;
  }
  if (status.state === 'triggered') return triggered(ctx, p, status, now);
  if (status.state === 'failed') return protectionsFailed(ctx, [{ p, status }], now);
  if (status.state === 'active') {
    await move(ctx, p, { state: 'active', ...termsOf(status) }, now);
    ctx.deps.log.info(
      { protectionId: p.protection.id, quantity: want.quantity, stop: want.stop, target: want.target },
      'engine: protection modified at the broker',
    );
    if ('refused' in answer)
      await warn(ctx, p, `${p.trade.broker} refused to modify ${describe(p)}: ${answer.refused}`, 'protection_modify');
    return;
  }
  await endedAtBroker(ctx, p, status, now);
}

/** The protection's status at its broker after a refusal; null when that cannot be read either. */
async function settledStatus(p: ProtectionContext, broker: Protecting): Promise<Protection | null> {
  const read = await attempt(() =>
    broker.adapter.protectionStatus(broker.credentials, p.protection.broker_protection_id!),
  );
  return 'ok' in read ? read.ok : null;
}

/**
 * A delivery position's protection of day orders (its stop, or stop and target) found withdrawn at its broker after the
 * session it was placed (or last modified) in closed: the broker lapsed them at the close (a DAY
 * order lives one session), which is not the broker refusing them. Placed again at the next open.
 */
function lapsedAtTheClose(p: ProtectionContext, status: Protection, now: Date): boolean {
  if (status.kind === 'oco' || status.state !== 'cancelled') return false;
  if (productOf(p.trade.trade_type) !== 'delivery') return false;
  const since = p.protection.updated_at;
  return now >= istTime(istDay(since), SESSION_CLOSE_IST);
}

/** Cancelled, expired or disabled at the broker without Trabot asking: noted, and the levels watched again. */
async function endedAtBroker(ctx: Ctx, p: ProtectionContext, status: Protection, now: Date): Promise<void> {
  if (lapsedAtTheClose(p, status, now)) {
    if (await move(ctx, p, { state: 'expired', reason: LAPSED_AT_THE_CLOSE }, now))
      ctx.deps.log.info(
        warningData(p, 'protection_lapsed'),
        `engine: ${describe(p)} lapsed at the close; placed again at the next session's open`,
      );
    return;
  }
  const to = status.state === 'expired' || status.state === 'disabled' ? status.state : 'cancelled';
  const reason = status.rejectReason ?? `${status.state} at ${p.trade.broker}`;
  if (!(await move(ctx, p, { state: to, reason }, now))) return;
  await warn(
    ctx,
    p,
    `${describe(p)} ${to === 'cancelled' ? 'were withdrawn' : `are ${to}`} at the broker (${reason})${to === 'cancelled' ? ': Trabot watches the levels itself' : ': placed again'}`,
    `protection_${to}`,
  );
}

/**
 * A leg the broker executed: its order booked as the trade's exit (an exit leg of source
 * `protection` holding the broker's order id, answered with the broker's order: its fill, price
 * and charges), the other leg cancelled where the broker does not, the superadmin warned.
 */
async function triggered(ctx: Ctx, p: ProtectionContext, status: Protection, now: Date): Promise<void> {
  await bookTriggered(ctx, [{ p, status }], now);
}

/**
 * `triggered` for many protections at once (a gap through a thousand stops): the exit legs and the
 * moves written in one transaction per batch, their answers applied together, the warnings raised
 * together; only the other legs' cancels go one by one, to their brokers.
 */
async function bookTriggered(
  ctx: Ctx,
  items: readonly { p: ProtectionContext; status: Protection }[],
  now: Date,
): Promise<void> {
  const { db, log } = ctx.deps;
  const executed = items.flatMap(({ p, status }) => {
    const order = status.executed?.order;
    if (status.executed && order) return [{ p, status, leg: status.executed.leg, order }];
    // Triggered, its order not in the book yet: the next reconciliation books it.
    log.info({ protectionId: p.protection.id }, 'engine: protection triggered, its order not yet seen');
    return [];
  });
  for (let start = 0; start < executed.length; start += ctx.settings.batchSize) {
    const batch = executed.slice(start, start + ctx.settings.batchSize);
    const booked = await db.transaction(async (tx) => {
      const legs = await tx
        .insert(orderLegs)
        .values(
          batch.map(({ p, order }) => ({
            trabot_trade_id: p.trade.trabot_trade_id,
            trabot_account_id: p.account.trabot_account_id,
            side: 'exit' as const,
            source: 'protection' as const,
            order_type: order.request.orderType,
            quantity: order.request.quantity,
            limit_price: order.request.limitPrice ?? null,
            trigger_price: order.request.triggerPrice ?? null,
            state: 'open' as const,
            broker_order_id: order.orderId,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning();
      const legOf = new Map(legs.map((leg) => [leg.trabot_trade_id, leg]));
      const moved = await moveProtections(
        tx,
        log,
        batch.map(({ p, leg }) => ({
          id: p.protection.id,
          from: p.protection.state,
          state: 'triggered' as const,
          executed_leg: leg,
          exit_leg_id: legOf.get(p.trade.trabot_trade_id)!.id,
          updated_at: now,
        })),
      );
      // A protection that moved meanwhile keeps no exit leg: its answer was not applied.
      const dropped = batch.filter(({ p }) => !moved.has(p.protection.id));
      if (dropped.length)
        await tx.delete(orderLegs).where(
          inArray(
            orderLegs.id,
            dropped.map(({ p }) => legOf.get(p.trade.trabot_trade_id)!.id),
          ),
        );
      return batch
        .filter(({ p }) => moved.has(p.protection.id))
        .map((item) => ({ ...item, exitLeg: legOf.get(item.p.trade.trabot_trade_id)! }));
    });
    if (!booked.length) continue;
    const words = booked.map(
      ({ p, leg, order }) =>
        `${describe(p)}: the ${leg === 'stop' ? 'stop-loss' : 'target'} executed at ${p.trade.broker}, ${order.request.side} ${order.filledQuantity} at ${order.averagePrice ?? 'no fill yet'} (order ${order.orderId})`,
    );
    for (const [i, { p }] of booked.entries())
      log.info(
        { ...warningData(p, 'protection_triggered'), words: words[i] },
        'engine: protection executed at the broker',
      );
    await raiseWarnings(
      db,
      booked.map(({ p }, i) => ({
        message: `Protection executed: ${words[i]}`,
        data: warningData(p, 'protection_triggered'),
      })),
    );
    await applyAnswers(
      ctx,
      booked.map(({ p, exitLeg, order }) => ({
        leg: exitLeg,
        trade: p.trade,
        signal: p.signal,
        account: p.account,
        action: 'status' as const,
        answer: { kind: 'order' as const, order },
      })),
      now,
    );
    // Two plain orders: the other one is withdrawn by Trabot (a GTT's other leg goes with it at the broker).
    await mapBounded(booked, ctx.settings.brokerConcurrency, async ({ p, status, leg }) => {
      if (status.kind !== 'orders') return;
      const other = status.orders[leg === 'stop' ? 'target' : 'stop'];
      const broker = brokerFor(ctx, p);
      if (!broker || !other || (other.state !== 'open' && other.state !== 'trigger_pending')) return;
      const cancelled = await attempt(() =>
        broker.adapter.cancelOrder(broker.credentials, other.orderId, p.exchangeAlgoId),
      );
      if (!('ok' in cancelled))
        await warn(
          ctx,
          p,
          `The other leg (order ${other.orderId}) of ${describe(p)} could not be cancelled: ${'refused' in cancelled ? cancelled.refused : 'the broker could not be reached'}; cancel it at the broker`,
          'protection_other_leg',
        );
    });
    await finishTriggered(
      ctx,
      now,
      booked.map(({ p }) => p.protection.id),
    );
    for (const { p } of booked) log.info(warningData(p, 'protection_booked'), 'engine: protection exit booked');
  }
}

/** Triggered protections whose exit leg has settled are done. */
async function finishTriggered(ctx: Ctx, now: Date, ids?: number[]): Promise<void> {
  const rows = await ctx.deps.db
    .select({ id: protections.id, legState: orderLegs.state })
    .from(protections)
    .innerJoin(orderLegs, eq(orderLegs.id, protections.exit_leg_id))
    .where(
      and(
        eq(protections.state, 'triggered'),
        ids ? inArray(protections.id, ids) : undefined,
        inArray(orderLegs.state, ['filled', 'cancelled', 'rejected']),
      ),
    );
  await moveProtections(
    ctx.deps.db,
    ctx.deps.log,
    rows.map((row) => ({ id: row.id, from: 'triggered' as const, state: 'done' as const, updated_at: now })),
  );
}

/** Asks the broker to withdraw the protection; answers true once nothing of it rests there. */
async function cancel(ctx: Ctx, p: ProtectionContext, now: Date, why: string): Promise<boolean> {
  const broker = brokerFor(ctx, p);
  if (!broker) return false;
  if (p.protection.state === 'placing') {
    // Not known to rest anywhere: looked up, and withdrawn if it does.
    const found = await attempt(() => lookUp(ctx, p, broker, now));
    if (!('ok' in found)) return false;
    if (!found.ok) return move(ctx, p, { state: 'cancelled', reason: why }, now);
    if (!(await move(ctx, p, { state: 'active', ...termsOf(found.ok) }, now))) return false;
    p = { ...p, protection: { ...p.protection, state: 'active', ...termsOf(found.ok) } };
  }
  if (p.protection.state === 'active' || p.protection.state === 'modifying') {
    if (!(await move(ctx, p, { state: 'cancelling', reason: why }, now))) return false;
    p = { ...p, protection: { ...p.protection, state: 'cancelling' } };
  }
  const id = p.protection.broker_protection_id!;
  const answer = await attempt(() => {
    assertLeading(ctx.leadership);
    return broker.adapter.cancelProtection(broker.credentials, id, p.exchangeAlgoId);
  });
  if ('unreachable' in answer) return false;
  const status = 'ok' in answer ? answer.ok : await settledStatus(p, broker);
  if (!status) return false;
  if (status.state === 'triggered') {
    await triggered(ctx, p, status, now);
    return false;
  }
  // Its order failed at the broker: nothing rests there, Trabot's own exit may go.
  if (status.state === 'failed') {
    await protectionsFailed(ctx, [{ p, status }], now);
    return true;
  }
  if (status.state === 'active') {
    if ('refused' in answer && !ctx.warnedOnce(`protection-cancel:${p.protection.id}`))
      await warn(ctx, p, `${p.trade.broker} refused to cancel ${describe(p)}: ${answer.refused}`, 'protection_cancel');
    return false;
  }
  const done = await move(ctx, p, { state: 'cancelled', reason: why }, now);
  if (done) ctx.deps.log.info({ protectionId: p.protection.id, why }, 'engine: protection cancelled at the broker');
  return done;
}

/**
 * Of these trades, those whose protection rests at their broker (placed, being modified, or
 * triggered): their stop and target are the broker's to execute, so Trabot does not exit them at a
 * level itself (docs/engine.md). A trade whose protection is being placed, was refused, disabled or
 * cancelled at the broker has none resting: Trabot watches its levels.
 */
export async function restingProtections(ctx: Ctx, tradeIds: readonly number[]): Promise<Set<number>> {
  if (!tradeIds.length) return new Set();
  const rows = await ctx.deps.db
    .select({ id: protections.trabot_trade_id })
    .from(protections)
    .where(
      and(inArray(protections.trabot_trade_id, [...tradeIds]), inArray(protections.state, RESTING_PROTECTION_STATES)),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Before Trabot sends exits of its own for `tradeIds`: the trades free to get one now. A trade's
 * protection is cancelled first (a trade whose cancel is not answered yet waits for the next tick);
 * a protection found executed is booked instead and its trade gets no exit from Trabot.
 */
export async function clearForExit(
  ctx: Ctx,
  tradeIds: readonly number[],
  now: Date,
  why: string,
): Promise<Set<number>> {
  const free = new Set(tradeIds);
  if (!tradeIds.length) return free;
  const rows = await protectionsWhere(
    ctx.deps.db,
    and(inArray(protections.trabot_trade_id, [...tradeIds]), inArray(protections.state, EXIT_BLOCKING_STATES)),
  );
  await mapBounded(rows, ctx.settings.brokerConcurrency, async (p) => {
    if (p.protection.state === 'triggered' || !(await cancel(ctx, p, now, why))) free.delete(p.trade.trabot_trade_id);
  });
  return free;
}

/**
 * Each tick during the session: protections to place, modify (a partial fill grew the trade, the
 * levels were edited), cancel (the trade closed) or place again (expired, disabled).
 */
export async function followProtections(ctx: Ctx, now: Date): Promise<void> {
  await reprotect(ctx, now);
  // Only those with something to do (followOne's cases): an active protection whose trade runs at
  // the quantity and levels it rests with is not read, so a tick with a thousand costs one lookup.
  const rows = await protectionsWhere(
    ctx.deps.db,
    or(
      inArray(protections.state, [...LIVE_PROTECTION_STATES.filter((s) => s !== 'active'), 'expired', 'disabled']),
      and(
        eq(protections.state, 'active'),
        or(
          ne(trades.trade_status, 'running'),
          sql`coalesce(${trades.remaining_quantity}, 0) <= 0`,
          sql`${protections.quantity} <> coalesce(${trades.remaining_quantity}, 0)`,
          sql`${protections.stop} is distinct from ${signals.stop_loss_level}`,
          sql`${protections.target} is distinct from ${signals.target_level}`,
        ),
      ),
    ),
  );
  // A live trade's protection to place or modify is decided on its broker's price: asked once now when none is fresh.
  await askLivePrices(
    ctx,
    rows
      .filter((p) => p.trade.broker !== 'paper' && needsPrice(p))
      .map((p) => ({ account: p.account, broker: p.trade.broker, symbol: p.trade.trade_instrument })),
    now,
  );
  // One account's protections one after the other: a look-up never takes a GTT another is placing.
  const byAccount = new Map<number, ProtectionContext[]>();
  for (const p of rows)
    byAccount.set(p.account.trabot_account_id, [...(byAccount.get(p.account.trabot_account_id) ?? []), p]);
  const placements: Placement[] = [];
  await mapBounded([...byAccount.values()], ctx.settings.brokerConcurrency, async (own) => {
    const known = own.some((p) => p.protection.state === 'placing')
      ? await heldAtBroker(ctx, own[0]!.account.trabot_account_id)
      : new Set<string>();
    for (const p of own) {
      const placement = await followOne(ctx, p, now, known);
      if (placement) placements.push(placement);
    }
  });
  for (let start = 0; start < placements.length; start += ctx.settings.batchSize)
    await savePlacements(ctx, placements.slice(start, start + ctx.settings.batchSize), now);
}

/**
 * Protections Trabot cancelled for an exit of its own (a Manual Exit, a level, a square-off) whose
 * trade still runs once that exit settled (a partial exit, an exit that did not fill): placed again
 * for the open quantity. One cancelled at the broker's own initiative is not (Trabot watches the
 * levels itself, and the superadmin was warned): its last move came from `active`/`modifying`.
 */
async function reprotect(ctx: Ctx, now: Date): Promise<void> {
  const { db, log } = ctx.deps;
  const rows = await db
    .select({ id: protections.id })
    .from(protections)
    .innerJoin(trades, eq(trades.trabot_trade_id, protections.trabot_trade_id))
    .where(
      and(
        eq(protections.state, 'cancelled'),
        eq(trades.trade_status, 'running'),
        gt(trades.remaining_quantity, 0),
        notExists(
          db
            .select({ id: orderLegs.id })
            .from(orderLegs)
            .where(
              and(
                eq(orderLegs.trabot_trade_id, trades.trabot_trade_id),
                inArray(orderLegs.state, UNSETTLED_LEG_STATES),
              ),
            ),
        ),
        sql`(select e.from_state from ${protectionEvents} e where e.protection_id = ${protections.id}
          order by e.id desc limit 1) in ('cancelling', 'placing')`,
      ),
    );
  for (const { id } of rows)
    if (
      await moveProtection(db, log, {
        id,
        from: 'cancelled',
        state: 'placing',
        reason: 'placed again for the shares still open',
        updated_at: now,
      })
    )
      log.info({ protectionId: id }, 'engine: protection placed again for the shares still open');
}

/** The trade's open quantity or its signal's levels differ from what the protection holds. */
const drifted = ({ protection, trade, signal }: ProtectionContext) =>
  protection.quantity !== (trade.remaining_quantity ?? 0) ||
  protection.stop !== signal.stop_loss_level ||
  protection.target !== signal.target_level;

/** A protection this tick places or modifies (for a trade still open): its last price is needed. */
const needsPrice = (p: ProtectionContext) =>
  p.trade.trade_status === 'running' &&
  (p.trade.remaining_quantity ?? 0) > 0 &&
  (p.protection.state === 'placing' ||
    p.protection.state === 'modifying' ||
    (p.protection.state === 'active' && drifted(p)));

/** What a protection needs this tick; a placement is answered, to be saved with the tick's others. */
async function followOne(
  ctx: Ctx,
  p: ProtectionContext,
  now: Date,
  known: Set<string>,
): Promise<Placement | null | void> {
  {
    const { protection, trade } = p;
    const closed = trade.trade_status !== 'running' || (trade.remaining_quantity ?? 0) <= 0;
    if (closed && protection.state !== 'expired' && protection.state !== 'disabled') {
      await cancel(ctx, p, now, `trade ${trade.trabot_trade_id} is ${trade.trade_status}`);
      return;
    }
    switch (protection.state) {
      case 'placing':
        return askToPlace(ctx, p, now, known);
      case 'cancelling':
        await cancel(ctx, p, now, protection.reason ?? 'cancelled by Trabot');
        return;
      case 'expired':
      case 'disabled':
        if (closed)
          await move(
            ctx,
            p,
            { state: 'cancelled', reason: `trade ${trade.trabot_trade_id} is ${trade.trade_status}` },
            now,
          );
        else if (protection.reason === LAPSED_AT_THE_CLOSE) {
          // The session's first tick (protections are followed only while the session is open).
          if (await move(ctx, p, { state: 'placing', reason: PLACED_FOR_THE_NEW_SESSION }, now))
            ctx.deps.log.info({ protectionId: protection.id }, `engine: protection ${PLACED_FOR_THE_NEW_SESSION}`);
        } else await move(ctx, p, { state: 'placing' }, now);
        return;
      case 'active':
      case 'modifying': {
        if (protection.state === 'modifying' || drifted(p)) await modify(ctx, p, now);
        return;
      }
      case 'cancelled':
      case 'done':
      case 'rejected':
      case 'triggered':
      case 'failed':
        return;
    }
  }
}

/**
 * At start-up, every minute and on a postback: each account's protections as its broker has them
 * (one GTT list read per account, the plain-order ones by their status); a leg executed at the
 * broker is booked, one withdrawn or expired there is noted.
 */
export async function reconcileProtections(ctx: Ctx, now: Date, tradeIds?: readonly number[]): Promise<void> {
  if (tradeIds && !tradeIds.length) return;
  await finishTriggered(ctx, now);
  const rows = await protectionsWhere(
    ctx.deps.db,
    and(
      inArray(protections.state, ['active', 'modifying', 'cancelling']),
      tradeIds ? inArray(protections.trabot_trade_id, [...tradeIds]) : undefined,
    ),
  );
  const byAccount = new Map<string, ProtectionContext[]>();
  // Executed legs are booked together once every account's book is read.
  const executed: { p: ProtectionContext; status: Protection }[] = [];
  const failed: typeof executed = [];
  for (const p of rows) {
    if (!p.protection.broker_protection_id) continue;
    const key = `${p.account.trabot_account_id}:${p.trade.broker}`;
    byAccount.set(key, [...(byAccount.get(key) ?? []), p]);
  }
  await mapBounded([...byAccount.values()], ctx.settings.brokerConcurrency, async (own) => {
    const broker = brokerFor(ctx, own[0]!);
    if (!broker) return;
    const read = await attempt(async () => {
      const statuses = new Map<string, Protection>();
      if (own.some((p) => p.protection.kind === 'oco'))
        for (const b of await broker.adapter.protectionBook(broker.credentials)) statuses.set(b.protectionId, b);
      for (const p of own.filter((p) => p.protection.kind !== 'oco'))
        statuses.set(
          p.protection.broker_protection_id!,
          await broker.adapter.protectionStatus(broker.credentials, p.protection.broker_protection_id!),
        );
      return statuses;
    });
    if (!('ok' in read)) {
      const why = 'refused' in read ? read.refused : 'the broker could not be reached';
      const message = `Protective orders of account ${own[0]!.account.trabot_account_id} at ${own[0]!.trade.broker} could not be reconciled: ${why}`;
      ctx.deps.log.error({ accountId: own[0]!.account.trabot_account_id }, `engine: ${message}`);
      if (!ctx.warnedOnce(message))
        await raiseWarnings(ctx.deps.db, [{ message, data: { reason: 'reconcile_failed' } }]);
      return;
    }
    for (const p of own) {
      const atBroker = read.ok.get(p.protection.broker_protection_id!);
      if (!atBroker) continue;
      const status = withTriggeredStop(ctx, p, atBroker, now);
      if (status.state === 'triggered') executed.push({ p, status });
      else if (status.state === 'failed') failed.push({ p, status });
      else if (status.state !== 'active' && p.protection.state !== 'cancelling')
        await endedAtBroker(ctx, p, status, now);
    }
  });
  await bookTriggered(ctx, executed, now);
  await protectionsFailed(ctx, failed, now);
}
