/**
 * The execution engine (docs/engine.md): each tick moves the feed, records prices on signals and
 * trades, turns approved signals into one trade per subscribed account, places and settles entry
 * orders, and closes running trades at their target or stop-loss. Every step is idempotent, so a
 * tick can be repeated or the server restarted at any point: the unique (signal, account) index
 * keeps one trade per pair, orders are placed only for pending trades without one, and legs are
 * numbered per trade.
 */
import { and, asc, eq, inArray, isNull, notExists, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { accounts, algoSubscriptions, algos, instruments, manualOrderLegs, manualOrders, signals, tradeEntries, tradeExits, trades } from '../db/schema';
import { istDay } from '../demo/market-calendar';
import { getToken, setToken } from '../services/tokens';
import { raiseWarning } from '../services/warnings';
import { BrokerError, type BrokerAdapter, type BrokerCredentials, type Order, type OrderType } from './broker/adapter';
import type { PaperBroker } from './broker/paper-broker';
import { selectAdapter } from './broker/select-adapter';
import { legCharges, productOf } from './charges';
import type { PriceFeed, Quote } from './feed/price-feed';
import { floorShares } from './money';
import { sizePosition } from './sizing';
import { entrySide, excursions, exitSide, levelReached, squareOffDue, tradeFigures, type Fill } from './trade-math';

type Deps = Pick<AppDeps, 'db' | 'log' | 'secrets'>;
type SignalRow = typeof signals.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
type TradeRow = typeof trades.$inferSelect;
type ManualOrderRow = typeof manualOrders.$inferSelect;
type LegState = typeof manualOrderLegs.$inferSelect['state'];

export interface EngineOptions {
  feed: PriceFeed;
  paper: PaperBroker;
}

/** Signal statuses whose instrument the feed follows and whose trades the engine works on. */
const LIVE_SIGNAL_STATUSES = ['approved', 'running'];

/** A new trade of an account on a signal, before any order fills (a signal's or a manual order's). */
function pendingTrade(signal: SignalRow, accountId: number, quantity: number, now: Date) {
  return {
    trade_type: signal.trade_type,
    trabot_account_id: accountId,
    signal_id: signal.signal_id,
    algo_id: signal.algo_id,
    trade_exchange: signal.exchange,
    trade_instrument: signal.instrument_symbol,
    trade_date: istDay(now),
    trade_status: 'pending' as const,
    trade_quantity: quantity,
    trade_direction: signal.trade_direction,
    last_updated_timestamp: now,
  };
}

export class Engine {
  /** Failures already warned about in this process: a failing order is retried each tick but warned once. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly deps: Deps,
    private readonly options: EngineOptions,
  ) {}

  async tick(now: Date): Promise<void> {
    await this.trackInstruments();
    const quotes = this.options.feed.tick(now);
    await this.recordFeedState(now);
    this.options.paper.matchOpenOrders();
    await this.recordPrices(quotes);
    await this.openTrades(now);
    await this.settlePendingTrades(now);
    await this.placeManualOrders(now);
    await this.settleManualLegs(now);
    await this.cancelUnfilled(now);
    await this.closeAtLevels(now);
  }

  /** Follows every instrument of a live signal or an open trade, from its last close or the signal's entry. */
  private async trackInstruments(): Promise<void> {
    const rows = await this.deps.db
      .selectDistinct({ symbol: signals.instrument_symbol, entry: signals.entry_level, close: instruments.close })
      .from(signals)
      .leftJoin(instruments, and(eq(instruments.symbol, signals.instrument_symbol), eq(instruments.series, signals.instrument_type)))
      .where(
        or(
          inArray(signals.trade_status, LIVE_SIGNAL_STATUSES),
          inArray(
            signals.signal_id,
            this.deps.db
              .select({ id: trades.signal_id })
              .from(trades)
              .where(inArray(trades.trade_status, ['pending', 'running'])),
          ),
        ),
      )
      .orderBy(asc(signals.instrument_symbol));
    for (const row of rows) {
      if (row.entry > 0 || (row.close ?? 0) > 0) this.options.feed.track(row.symbol, row.close, row.entry);
    }
  }

  /** The feed's state and the time of its last tick, shown in full on the admin Tokens screen. */
  private async recordFeedState(now: Date): Promise<void> {
    const state = { ...this.options.feed.state(), 'feed.last_tick': now.toISOString() };
    for (const [name, value] of Object.entries(state)) await setToken(this.deps, { name, value, secret: false });
  }

  /** ltp, its time and the excursions on live signals; ltp and mark-to-market on running trades. */
  private async recordPrices(quotes: Quote[]): Promise<void> {
    const { db } = this.deps;
    for (const quote of quotes) {
      const live = await db
        .select()
        .from(signals)
        .where(and(eq(signals.instrument_symbol, quote.symbol), inArray(signals.trade_status, LIVE_SIGNAL_STATUSES)));
      for (const signal of live) {
        await db
          .update(signals)
          .set({ ltp: quote.ltp, ltp_timestamp: quote.timestamp, ...excursions(signal.trade_direction, signal.entry_level, quote.ltp, signal) })
          .where(eq(signals.signal_id, signal.signal_id));
      }
      const running = await db
        .select({ trade: trades, stopLoss: signals.stop_loss_level })
        .from(trades)
        .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
        .where(and(eq(trades.trade_instrument, quote.symbol), eq(trades.trade_status, 'running')));
      for (const { trade, stopLoss } of running) {
        const { current_mtm, trade_risk } = tradeFigures({ ...(await this.fills(trade.trabot_trade_id)), direction: trade.trade_direction, ltp: quote.ltp, stopLoss });
        await db
          .update(trades)
          .set({ ltp: quote.ltp, current_mtm, trade_risk, last_updated_timestamp: quote.timestamp })
          .where(eq(trades.trabot_trade_id, trade.trabot_trade_id));
      }
    }
  }

  /**
   * Approved signals with process_signal set whose algo is On: a pending trade for every active
   * account with an active subscription, sized by it, or a warning saying why the account is
   * skipped. Accounts that already have the signal's trade are left alone. The signal then runs.
   */
  private async openTrades(now: Date): Promise<void> {
    const { db } = this.deps;
    const approved = await db
      .select({ signal: signals })
      .from(signals)
      .innerJoin(algos, eq(algos.algo_id, signals.algo_id))
      .where(and(eq(signals.trade_status, 'approved'), eq(signals.algo_process_ind, true), eq(algos.algo_switch, true)))
      .orderBy(asc(signals.signal_id));
    for (const { signal } of approved) {
      const subscribers = await this.activeSubscribers(signal, isNull(trades.trabot_trade_id));
      for (const { subscription, account } of subscribers) {
        const accessKeyValid = await this.validateKey(account, now);
        const sized = sizePosition({ subscription, signal, accessKeyValid });
        if (!sized.ok) {
          await this.warn(`Account ${account.trabot_account_id} skipped for signal ${signal.signal_id}: ${sized.detail}`, {
            trabot_account_id: account.trabot_account_id,
            signal_id: signal.signal_id,
            reason: sized.reason,
          });
          continue;
        }
        const [trade] = await db
          .insert(trades)
          .values({ ...pendingTrade(signal, account.trabot_account_id, sized.quantity, now), trade_risk: sized.lossAtStop })
          .onConflictDoNothing()
          .returning({ id: trades.trabot_trade_id });
        if (trade) this.deps.log.info({ tradeId: trade.id, signalId: signal.signal_id, accountId: account.trabot_account_id, quantity: sized.quantity }, 'engine: trade created');
      }
      await db
        .update(signals)
        .set({ trade_status: 'running' })
        .where(and(eq(signals.signal_id, signal.signal_id), eq(signals.trade_status, 'approved')));
    }
  }

  /** Pending trades of live signals: the entry order placed when it has none yet, else its fill recorded. */
  private async settlePendingTrades(now: Date): Promise<void> {
    const pending = await this.deps.db
      .select({ trade: trades, signal: signals, account: accounts })
      .from(trades)
      .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
      .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
      .where(
        and(
          eq(trades.trade_status, 'pending'),
          inArray(signals.trade_status, LIVE_SIGNAL_STATUSES),
          // A trade a Manual Entry opened is followed through its leg (settleManualLegs).
          notExists(
            this.deps.db
              .select({ id: manualOrderLegs.id })
              .from(manualOrderLegs)
              .where(and(eq(manualOrderLegs.trabot_trade_id, trades.trabot_trade_id), eq(manualOrderLegs.broker_order_id, trades.broker_trade_number))),
          ),
        ),
      )
      .orderBy(asc(trades.trabot_trade_id));
    for (const { trade, signal, account } of pending) {
      const { adapter } = selectAdapter(account.broker_name, this.options.paper);
      const credentials = this.credentials(account);
      try {
        const order = trade.broker_trade_number
          ? await adapter.orderStatus(credentials, trade.broker_trade_number)
          : await this.placeEntry(adapter, credentials, trade, signal);
        await this.applyEntry(trade, signal, order, now);
      } catch (err) {
        // The broker refusing the call (e.g. an order it does not know after a paper broker
        // restart) ends the entry; anything else (unreachable broker) is retried next tick.
        if (err instanceof BrokerError) await this.cancelEntry(trade, err.message, now);
        else await this.orderFailed(trade, 'entry', err);
      }
    }
  }

  /** Cancelling a signal cancels the entry orders of its trades that have not filled. */
  private async cancelUnfilled(now: Date): Promise<void> {
    const pending = await this.deps.db
      .select({ trade: trades, signal: signals, account: accounts })
      .from(trades)
      .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
      .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
      .where(and(eq(trades.trade_status, 'pending'), eq(signals.trade_status, 'cancelled')))
      .orderBy(asc(trades.trabot_trade_id));
    for (const { trade, signal, account } of pending) {
      const { adapter } = selectAdapter(account.broker_name, this.options.paper);
      const credentials = this.credentials(account);
      try {
        if (trade.broker_trade_number) {
          const order = await adapter.orderStatus(credentials, trade.broker_trade_number);
          // Filled before the cancel reached it: the trade runs and is closed like any other.
          if (order.state === 'filled') {
            await this.applyEntry(trade, signal, order, now);
            continue;
          }
          if (order.state === 'open' || order.state === 'trigger_pending') await adapter.cancelOrder(credentials, order.orderId);
        }
      } catch (err) {
        if (!(err instanceof BrokerError)) {
          await this.orderFailed(trade, 'entry', err);
          continue;
        }
      }
      await this.deps.db
        .update(trades)
        .set({ trade_status: 'cancelled', last_updated_timestamp: now })
        .where(eq(trades.trabot_trade_id, trade.trabot_trade_id));
      this.deps.log.info({ tradeId: trade.trabot_trade_id, signalId: signal.signal_id }, 'engine: unfilled trade cancelled with its signal');
    }
  }

  private async placeEntry(adapter: BrokerAdapter, credentials: BrokerCredentials, trade: TradeRow, signal: SignalRow): Promise<Order> {
    const order = await adapter.placeOrder(credentials, {
      exchange: signal.exchange,
      symbol: signal.instrument_symbol,
      side: entrySide(signal.trade_direction),
      product: productOf(signal.trade_type),
      orderType: 'market',
      quantity: trade.trade_quantity,
    });
    await this.deps.db
      .update(trades)
      .set({ broker_trade_number: order.orderId })
      .where(eq(trades.trabot_trade_id, trade.trabot_trade_id));
    this.deps.log.info({ tradeId: trade.trabot_trade_id, orderId: order.orderId, state: order.state }, 'engine: entry order placed');
    return order;
  }

  /** A filled entry becomes the trade's entry row and the trade runs; a rejected or cancelled one cancels the trade. */
  private async applyEntry(trade: TradeRow, signal: SignalRow, order: Order, now: Date): Promise<void> {
    if (order.state === 'rejected' || order.state === 'cancelled') {
      await this.cancelEntry(trade, `order ${order.orderId} ${order.state}: ${order.rejectReason ?? 'cancelled at the broker'}`, now);
      return;
    }
    if (order.state !== 'filled' || order.averagePrice === null) return;
    await this.recordFill('entry', trade, signal, order, now);
  }

  /**
   * A filled order as the trade's next entry or exit row, with its charges, and the trade's figures
   * recomputed. An entry is booked once per order (its fill may be seen again, e.g. by the cancel
   * step) and makes the trade run; an exit completes the trade when no share is left open.
   */
  private async recordFill(leg: 'entry' | 'exit', trade: TradeRow, signal: SignalRow, order: Order, now: Date): Promise<void> {
    const entry = leg === 'entry';
    const fill = { quantity: order.filledQuantity, price: order.averagePrice as number };
    const recorded = await this.deps.db.transaction(async (tx) => {
      if (entry) {
        const [already] = await tx
          .select({ id: tradeEntries.id })
          .from(tradeEntries)
          .where(and(eq(tradeEntries.trabot_trade_id, trade.trabot_trade_id), eq(tradeEntries.order_id, order.orderId)));
        if (already) return false;
      }
      const { entries, exits } = await this.fills(trade.trabot_trade_id, tx);
      const row = {
        trabot_trade_id: trade.trabot_trade_id,
        order_id: order.orderId,
        exchange_order_id: order.exchangeOrderId,
        ...legCharges({ product: productOf(trade.trade_type), side: (entry ? entrySide : exitSide)(trade.trade_direction), ...fill }),
      };
      // The two tables differ only in their column names.
      const sequence = (entry ? entries : exits).length + 1;
      if (entry) await tx.insert(tradeEntries).values({ ...row, trade_entry_sequence: sequence, trade_entry_quantity: fill.quantity, trade_entry_price: fill.price, trade_entry_timestamp: order.updatedAt });
      else await tx.insert(tradeExits).values({ ...row, trade_exit_sequence: sequence, trade_exit_quantity: fill.quantity, trade_exit_price: fill.price, trade_exit_timestamp: order.updatedAt });
      const legs = entry ? { entries: [...entries, fill], exits } : { entries, exits: [...exits, fill] };
      const figures = tradeFigures({ direction: trade.trade_direction, ...legs, ltp: fill.price, stopLoss: signal.stop_loss_level });
      await tx
        .update(trades)
        .set({ ...figures, trade_status: entry || figures.remaining_quantity > 0 ? 'running' : 'completed', ltp: fill.price, last_updated_timestamp: now })
        .where(eq(trades.trabot_trade_id, trade.trabot_trade_id));
      return true;
    });
    if (recorded) this.deps.log.info({ tradeId: trade.trabot_trade_id, orderId: order.orderId, ...fill }, `engine: ${leg} filled`);
  }

  /**
   * Running trades whose signal's target or stop-loss the price has reached, and intraday trades
   * at 15:15 IST: a market exit for the open quantity, recorded as the next exit row; the trade
   * completes. A running signal whose level is reached completes too.
   */
  private async closeAtLevels(now: Date): Promise<void> {
    const { db } = this.deps;
    const running = await db
      .select({ trade: trades, signal: signals, account: accounts })
      .from(trades)
      .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
      .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
      .where(eq(trades.trade_status, 'running'))
      .orderBy(asc(trades.trabot_trade_id));
    for (const { trade, signal, account } of running) {
      const quote = this.options.feed.quote(signal.instrument_symbol);
      const reached =
        (quote && levelReached(signal.trade_direction, quote.ltp, signal)) ||
        (squareOffDue(trade.trade_type, trade.trade_date, now) ? 'square_off' : null);
      if (!reached || !trade.remaining_quantity) continue;
      const { adapter } = selectAdapter(account.broker_name, this.options.paper);
      try {
        const order = await adapter.placeOrder(this.credentials(account), {
          exchange: signal.exchange,
          symbol: signal.instrument_symbol,
          side: exitSide(signal.trade_direction),
          product: productOf(trade.trade_type),
          orderType: 'market',
          quantity: trade.remaining_quantity,
        });
        this.deps.log.info({ tradeId: trade.trabot_trade_id, orderId: order.orderId, state: order.state, reached }, 'engine: exit order placed');
        if (order.state !== 'filled' || order.averagePrice === null) throw new BrokerError(order.rejectReason ?? `exit order ${order.state}`);
        await this.recordFill('exit', trade, signal, order, now);
      } catch (err) {
        await this.orderFailed(trade, 'exit', err);
      }
    }
    const live = await db.select().from(signals).where(eq(signals.trade_status, 'running'));
    for (const signal of live) {
      const quote = this.options.feed.quote(signal.instrument_symbol);
      if (quote && levelReached(signal.trade_direction, quote.ltp, signal)) {
        await db.update(signals).set({ trade_status: 'completed' }).where(eq(signals.signal_id, signal.signal_id));
        this.deps.log.info({ signalId: signal.signal_id, ltp: quote.ltp }, 'engine: signal completed');
      }
    }
  }

  /**
   * Queued Manual Entry / Manual Exit orders: one broker order of the chosen type and portion per
   * account trading the signal (a leg), then the order's status: placed while a leg rests, done
   * once every leg has settled with a fill, failed (with the reason) when none could be placed or
   * filled. Accounts that already have a leg of the order are not ordered again.
   */
  private async placeManualOrders(now: Date): Promise<void> {
    const queued = await this.deps.db
      .select({ order: manualOrders, signal: signals })
      .from(manualOrders)
      .innerJoin(signals, eq(signals.signal_id, manualOrders.signal_id))
      .where(eq(manualOrders.status, 'queued'))
      .orderBy(asc(manualOrders.id));
    for (const { order, signal } of queued) {
      const skips = order.side === 'entry' ? await this.manualEntry(order, signal, now) : await this.manualExit(order, signal, now);
      await this.updateManualStatus(order.id, skips);
    }
  }

  /** Manual Entry: for each subscribed account with a valid key, sized with the order's portion; an entry added to its open trade or a new trade. */
  private async manualEntry(order: ManualOrderRow, signal: SignalRow, now: Date): Promise<string[]> {
    const subscribers = await this.activeSubscribers(signal, this.withoutLeg(order.id));
    const skips: string[] = [];
    for (const { subscription, account, trade: existing } of subscribers) {
      const skip = (detail: string, reason: string) => this.manualSkip(skips, order, account.trabot_account_id, detail, reason);
      if (existing && existing.trade_status !== 'pending' && existing.trade_status !== 'running') {
        await skip(`its trade ${existing.trabot_trade_id} on the signal is ${existing.trade_status}`, 'trade_closed');
        continue;
      }
      const accessKeyValid = await this.validateKey(account, now);
      const sized = sizePosition({ subscription, signal: { ...signal, portion_in_trade: order.portion * 100 }, accessKeyValid });
      if (!sized.ok) {
        await skip(sized.detail, sized.reason);
        continue;
      }
      const trade = existing ?? (await this.newManualTrade(signal, account.trabot_account_id, sized.quantity, now));
      await this.placeManualLeg(order, signal, account, trade, sized.quantity, now, skips);
    }
    return skips;
  }

  /** Manual Exit: floor(remaining quantity x portion) of every running trade of the signal. */
  private async manualExit(order: ManualOrderRow, signal: SignalRow, now: Date): Promise<string[]> {
    const running = await this.deps.db
      .select({ trade: trades, account: accounts })
      .from(trades)
      .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
      .where(and(eq(trades.signal_id, signal.signal_id), eq(trades.trade_status, 'running'), this.withoutLeg(order.id)))
      .orderBy(asc(trades.trabot_trade_id));
    const skips: string[] = [];
    for (const { trade, account } of running) {
      const quantity = floorShares((trade.remaining_quantity ?? 0) * order.portion);
      if (quantity <= 0) {
        await this.manualSkip(skips, order, account.trabot_account_id, `${order.portion} of the ${trade.remaining_quantity ?? 0} open shares of trade ${trade.trabot_trade_id} is 0 shares`, 'zero_quantity');
        continue;
      }
      await this.placeManualLeg(order, signal, account, trade, quantity, now, skips);
    }
    return skips;
  }

  /**
   * Active accounts with an active subscription to the signal's algo, each with its trade on that
   * signal (null when it has none), narrowed by `condition`.
   */
  private activeSubscribers(signal: SignalRow, condition: SQL) {
    return this.deps.db
      .select({ subscription: algoSubscriptions, account: accounts, trade: trades })
      .from(algoSubscriptions)
      .innerJoin(accounts, eq(accounts.trabot_account_id, algoSubscriptions.trabot_account_id))
      .leftJoin(trades, and(eq(trades.signal_id, signal.signal_id), eq(trades.trabot_account_id, accounts.trabot_account_id)))
      .where(
        and(
          eq(algoSubscriptions.algo_id, signal.algo_id),
          eq(algoSubscriptions.subscription_status, 'active'),
          eq(accounts.account_status, 'active'),
          condition,
        ),
      )
      .orderBy(asc(accounts.trabot_account_id));
  }

  /** Accounts that have no leg of the manual order yet. */
  private withoutLeg(orderId: number) {
    return notExists(
      this.deps.db
        .select({ id: manualOrderLegs.id })
        .from(manualOrderLegs)
        .where(and(eq(manualOrderLegs.manual_order_id, orderId), eq(manualOrderLegs.trabot_account_id, accounts.trabot_account_id))),
    );
  }

  private async newManualTrade(signal: SignalRow, accountId: number, quantity: number, now: Date): Promise<TradeRow> {
    const [trade] = await this.deps.db
      .insert(trades)
      .values(pendingTrade(signal, accountId, quantity, now))
      .returning();
    return trade!;
  }

  /** Places one account's order of a manual order, records it as a leg, and books it when it fills at once. */
  private async placeManualLeg(order: ManualOrderRow, signal: SignalRow, account: AccountRow, trade: TradeRow, quantity: number, now: Date, skips: string[]): Promise<void> {
    const { adapter } = selectAdapter(account.broker_name, this.options.paper);
    const entry = order.side === 'entry';
    let placed: Order;
    try {
      placed = await adapter.placeOrder(this.credentials(account), {
        exchange: signal.exchange,
        symbol: signal.instrument_symbol,
        side: entry ? entrySide(trade.trade_direction) : exitSide(trade.trade_direction),
        product: productOf(trade.trade_type),
        orderType: order.order_type as OrderType,
        quantity,
        limitPrice: order.limit_price,
        triggerPrice: order.trigger_price,
      });
    } catch (err) {
      this.deps.log.error({ err, manualOrderId: order.id, tradeId: trade.trabot_trade_id }, 'engine: manual order failed');
      if (trade.trade_status === 'pending') await this.closeUnfilledTrade(trade, now);
      await this.manualSkip(skips, order, account.trabot_account_id, `the broker could not be reached: ${err instanceof Error ? err.message : String(err)}`, 'broker_error');
      return;
    }
    this.deps.log.info({ manualOrderId: order.id, tradeId: trade.trabot_trade_id, orderId: placed.orderId, state: placed.state, quantity }, `engine: manual ${order.side} order placed`);
    await this.deps.db.insert(manualOrderLegs).values({
      manual_order_id: order.id,
      trabot_account_id: account.trabot_account_id,
      trabot_trade_id: trade.trabot_trade_id,
      broker_order_id: placed.orderId,
      quantity,
      updated_at: now,
    });
    if (entry && trade.trade_status === 'pending') {
      await this.deps.db.update(trades).set({ broker_trade_number: placed.orderId }).where(eq(trades.trabot_trade_id, trade.trabot_trade_id));
    }
    await this.settleManualLeg(order, signal, trade, placed, now);
  }

  /** Open legs: their broker order's state; a fill is booked, a rejection or cancel ends the leg with a warning. */
  private async settleManualLegs(now: Date): Promise<void> {
    const open = await this.deps.db
      .select({ leg: manualOrderLegs, order: manualOrders, trade: trades, signal: signals, account: accounts })
      .from(manualOrderLegs)
      .innerJoin(manualOrders, eq(manualOrders.id, manualOrderLegs.manual_order_id))
      .innerJoin(trades, eq(trades.trabot_trade_id, manualOrderLegs.trabot_trade_id))
      .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
      .innerJoin(accounts, eq(accounts.trabot_account_id, manualOrderLegs.trabot_account_id))
      .where(eq(manualOrderLegs.state, 'open'))
      .orderBy(asc(manualOrderLegs.id));
    for (const { leg, order, trade, signal, account } of open) {
      const { adapter } = selectAdapter(account.broker_name, this.options.paper);
      const credentials = this.credentials(account);
      try {
        let status = await adapter.orderStatus(credentials, leg.broker_order_id);
        // A trade that closed meanwhile (target, stop-loss, another exit) has nothing left for a resting order.
        const closed = trade.trade_status === 'completed' || trade.trade_status === 'cancelled';
        if (closed && (status.state === 'open' || status.state === 'trigger_pending')) {
          status = await adapter.cancelOrder(credentials, leg.broker_order_id);
          status = { ...status, rejectReason: `trade ${trade.trabot_trade_id} is ${trade.trade_status}` };
        }
        await this.settleManualLeg(order, signal, trade, status, now);
      } catch (err) {
        if (!(err instanceof BrokerError)) {
          await this.orderFailed(trade, order.side, err);
          continue;
        }
        await this.endManualLeg(order, trade, leg.broker_order_id, 'cancelled', err.message, now);
      }
      await this.updateManualStatus(order.id, []);
    }
  }

  private async settleManualLeg(order: ManualOrderRow, signal: SignalRow, trade: TradeRow, placed: Order, now: Date): Promise<void> {
    if (placed.state === 'open' || placed.state === 'trigger_pending') return;
    if (placed.state !== 'filled' || placed.averagePrice === null) {
      await this.endManualLeg(order, trade, placed.orderId, placed.state === 'filled' ? 'rejected' : placed.state, placed.rejectReason ?? 'cancelled at the broker', now);
      return;
    }
    if (order.side === 'exit' && placed.filledQuantity > (trade.remaining_quantity ?? 0)) {
      // Filled after the trade was closed by other means: the broker's position needs a look.
      await this.endManualLeg(order, trade, placed.orderId, 'rejected', `filled ${placed.filledQuantity} shares but trade ${trade.trabot_trade_id} has ${trade.remaining_quantity ?? 0} open`, now);
      return;
    }
    await this.recordFill(order.side, trade, signal, placed, now);
    await this.setLegState(order.id, placed.orderId, 'filled', null, now);
  }

  private async setLegState(orderId: number, brokerOrderId: string, state: LegState, reason: string | null, now: Date): Promise<void> {
    await this.deps.db
      .update(manualOrderLegs)
      .set({ state, reason, updated_at: now })
      .where(and(eq(manualOrderLegs.manual_order_id, orderId), eq(manualOrderLegs.broker_order_id, brokerOrderId)));
  }

  /** A leg that will not fill: recorded with its reason, its unfilled new trade cancelled, a warning raised. */
  private async endManualLeg(order: ManualOrderRow, trade: TradeRow, brokerOrderId: string, state: 'cancelled' | 'rejected', reason: string, now: Date): Promise<void> {
    await this.setLegState(order.id, brokerOrderId, state, reason, now);
    if (order.side === 'entry' && trade.trade_status === 'pending') await this.closeUnfilledTrade(trade, now);
    await this.warn(`Manual ${order.side} ${order.id} for trade ${trade.trabot_trade_id}: order ${brokerOrderId} ${state}: ${reason}`, {
      manual_order_id: order.id,
      trabot_trade_id: trade.trabot_trade_id,
      trabot_account_id: trade.trabot_account_id,
      signal_id: trade.signal_id,
    });
  }

  /** A trade a manual entry opened and that never filled is cancelled (it has no entry row). */
  private async closeUnfilledTrade(trade: TradeRow, now: Date): Promise<void> {
    await this.deps.db
      .update(trades)
      .set({ trade_status: 'cancelled', last_updated_timestamp: now })
      .where(and(eq(trades.trabot_trade_id, trade.trabot_trade_id), eq(trades.trade_status, 'pending')));
  }

  private async manualSkip(skips: string[], order: ManualOrderRow, accountId: number, detail: string, reason: string): Promise<void> {
    const message = `Manual ${order.side} ${order.id}: account ${accountId} skipped for signal ${order.signal_id}: ${detail}`;
    skips.push(message);
    await this.warn(message, { manual_order_id: order.id, trabot_account_id: accountId, signal_id: order.signal_id, reason });
  }

  /** queued/placed -> placed while a leg rests, done when a leg filled, failed when none did (with the reasons). */
  private async updateManualStatus(orderId: number, skips: string[]): Promise<void> {
    const legs = await this.deps.db.select().from(manualOrderLegs).where(eq(manualOrderLegs.manual_order_id, orderId));
    const status = legs.some((l) => l.state === 'open') ? 'placed' : legs.some((l) => l.state === 'filled') ? 'done' : 'failed';
    const reasons = [...skips, ...legs.filter((l) => l.reason).map((l) => `order ${l.broker_order_id}: ${l.reason}`)];
    const reason = reasons.length ? reasons.join('; ') : status === 'failed' ? 'no account trades this signal' : null;
    await this.deps.db.update(manualOrders).set({ status, status_reason: reason }).where(eq(manualOrders.id, orderId));
    if (status !== 'placed') this.deps.log.info({ manualOrderId: orderId, status, reason }, 'engine: manual order settled');
  }

  private async fills(tradeId: number, db: Pick<AppDeps['db'], 'select'> = this.deps.db): Promise<{ entries: Fill[]; exits: Fill[] }> {
    const entries = await db
      .select({ quantity: tradeEntries.trade_entry_quantity, price: tradeEntries.trade_entry_price })
      .from(tradeEntries)
      .where(eq(tradeEntries.trabot_trade_id, tradeId))
      .orderBy(asc(tradeEntries.trade_entry_sequence));
    const exits = await db
      .select({ quantity: tradeExits.trade_exit_quantity, price: tradeExits.trade_exit_price })
      .from(tradeExits)
      .where(eq(tradeExits.trabot_trade_id, tradeId))
      .orderBy(asc(tradeExits.trade_exit_sequence));
    return { entries, exits };
  }

  /** The key in clear for the broker call; an unreadable key is an empty (invalid) one. */
  private credentials(account: AccountRow): BrokerCredentials {
    let accessKey = '';
    try {
      accessKey = account.broker_access_key_enc ? this.deps.secrets.decrypt(account.broker_access_key_enc) : '';
    } catch (err) {
      this.deps.log.error({ err, accountId: account.trabot_account_id }, 'engine: broker access key cannot be decrypted');
    }
    return { clientId: account.broker_client_id, accessKey };
  }

  /** Asks the account's broker whether its key is valid, and records the answer on the account. */
  private async validateKey(account: AccountRow, now: Date): Promise<boolean> {
    const { adapter } = selectAdapter(account.broker_name, this.options.paper);
    const credentials = this.credentials(account);
    const valid = await adapter.validateAccessKey(credentials);
    await this.deps.db
      .update(accounts)
      .set({ access_key_valid: valid, access_key_updated_timestamp: now })
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    if (valid) await this.ensureSession(adapter, credentials, account.trabot_account_id, now);
    return valid;
  }

  /** Keeps a live broker session token per account in Tokens (e.g. "paper.session_token (account 3)"), opening one when none is current. */
  private async ensureSession(adapter: BrokerAdapter, credentials: BrokerCredentials, accountId: number, now: Date): Promise<void> {
    const name = `${adapter.name}.session_token`;
    try {
      if (await getToken(this.deps, name, accountId, now)) return;
      const session = await adapter.openSession(credentials);
      await setToken(this.deps, { name, accountId, value: session.token, expiresAt: session.expiresAt });
      this.deps.log.info({ accountId, broker: adapter.name, expiresAt: session.expiresAt }, 'engine: broker session opened');
    } catch (err) {
      this.deps.log.error({ err, accountId, broker: adapter.name }, 'engine: broker session could not be opened');
      const message = `No ${adapter.name} session for account ${accountId}: ${err instanceof Error ? err.message : String(err)}`;
      if (this.warned.has(message)) return;
      this.warned.add(message);
      await this.warn(message, { trabot_account_id: accountId });
    }
  }

  private async cancelEntry(trade: TradeRow, reason: string, now: Date): Promise<void> {
    await this.deps.db
      .update(trades)
      .set({ trade_status: 'cancelled', last_updated_timestamp: now })
      .where(eq(trades.trabot_trade_id, trade.trabot_trade_id));
    await this.warn(`Trade ${trade.trabot_trade_id} cancelled, its entry failed: ${reason}`, {
      trabot_trade_id: trade.trabot_trade_id,
      trabot_account_id: trade.trabot_account_id,
      signal_id: trade.signal_id,
    });
  }

  private async orderFailed(trade: TradeRow, leg: 'entry' | 'exit', err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    this.deps.log.error({ err, tradeId: trade.trabot_trade_id, leg }, 'engine: order failed');
    const key = `${trade.trabot_trade_id}:${leg}:${message}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    await this.warn(`The ${leg} order of trade ${trade.trabot_trade_id} failed: ${message}`, {
      trabot_trade_id: trade.trabot_trade_id,
      trabot_account_id: trade.trabot_account_id,
      signal_id: trade.signal_id,
    });
  }

  private async warn(message: string, data: Record<string, unknown>): Promise<void> {
    this.deps.log.warn(data, `engine: ${message}`);
    await raiseWarning(this.deps.db, message, data);
  }
}
