/**
 * The execution engine (docs/engine.md): each tick moves the feed (during the session), reconciles
 * live orders with their brokers' books (at the first tick and every minute), records
 * prices on signals and trades, follows the order legs not yet settled, closes running trades at
 * their levels (and at market under a halt that squares off), cancels halted accounts' resting
 * entries, places queued manual orders, expires pending signals past their validity, cancels
 * what a cancelled signal left pending and turns approved signals into trades. Every step is set-based (statements per batch, not per account),
 * calls brokers with bounded concurrency, and is idempotent: a tick can be repeated or the server
 * restarted at any point.
 */
import { withAsyncCommit } from '../db/async-commit';
import { DEFAULT_ENGINE_SETTINGS, type EngineContext, type EngineSettings } from './engine-deps';
import type { AppDeps } from '../context';
import { istDay } from '@shared/ist';
import { expirePendingSignals } from './signal-expiry';
import { setTokens } from '../records/tokens';
import type { PaperBroker } from './paper-broker';
import { closeAtLevels } from './exits';
import { chaseExits } from './exit-chase';
import { cancelHaltedEntries } from './halts';
import { loadHalts, NO_HALTS } from '../trading/halt-state';
import { fanOutApproved } from './fan-out';
import { fencedDb } from './fence';
import { SOLE_LEADERSHIP, type Leadership } from './leader-lock';
import type { PriceFeed } from './feed/price-feed';
import { placeQueuedManualOrders } from './manual-orders';
import { alwaysOpenCalendar, sessionState, type MarketCalendar } from './market-hours';
import { recordPrices, trackInstruments } from './prices';
import { LivePriceBook } from './feed/live-prices';
import { pollLivePrices } from './live-prices';
import { RECONCILE_EVERY_MS, reconcileLiveOrders } from './reconcile';
import { followProtections, isProtectionTag, reconcileProtections } from './protections';
import { remindExpiredSessions } from './session-reminders';
import { restorePaperBook } from './paper-book';
import { cancelWithSignals, followUnsettledLegs } from './settle';
import { bookPushedOrders, PushInbox } from './pushed-orders';
import type { Order } from '../brokers/adapter';

export interface EngineOptions {
  feed: PriceFeed;
  paper: PaperBroker;
  /** NSE's session and holidays by default in the server; tests pass the calendar they need. */
  calendar?: MarketCalendar;
  settings?: Partial<EngineSettings>;
  /** The leader lock the engine runs under (start.ts); none: always leading, nothing fenced. */
  leadership?: Leadership;
}

export class Engine {
  private readonly ctx: EngineContext;
  private stopRequested = false;
  private readonly warned = new Set<string>();
  /** When live orders were last reconciled with their brokers' books (never: at the first tick). */
  private reconciledAt = -Infinity;
  /** The India day whose morning reminder needs nothing more: later ticks that day skip it. */
  private remindedDay: string | null = null;
  /**
   * The leader epoch under which the paper broker's book was last put back from the records
   * (undefined: not yet; the first tick does, and each tick that finds the lead taken again).
   */
  private paperRestoredIn: number | null | undefined = undefined;
  /** Orders the brokers pushed (postbacks, websocket updates), booked at the engine's next step. */
  private readonly pushes = new PushInbox();

  constructor(deps: Pick<AppDeps, 'db' | 'log' | 'secrets' | 'notifier' | 'env'>, options: EngineOptions) {
    const leadership = options.leadership ?? SOLE_LEADERSHIP;
    this.ctx = {
      // Every transaction the engine (and the services it calls) opens checks the leader's epoch.
      deps: { ...deps, db: fencedDb(deps.db, leadership) },
      leadership,
      feed: options.feed,
      paper: options.paper,
      live: new LivePriceBook(),
      calendar: options.calendar ?? alwaysOpenCalendar,
      settings: { ...DEFAULT_ENGINE_SETTINGS, ...options.settings },
      halts: NO_HALTS,
      stopping: () => this.stopRequested,
      warnedOnce: (key) => {
        if (this.warned.has(key)) return true;
        this.warned.add(key);
        return false;
      },
    };
  }

  /** The next tick reconciles with the brokers (a Kite postback: an order, maybe a protection's, changed). */
  reconcileSoon(): void {
    this.reconciledAt = -Infinity;
  }

  /** An order a broker pushed: booked at the next step (the caller wakes the engine). */
  receiveOrder(broker: string, order: Order): void {
    this.pushes.add({ broker, order });
  }

  /** Long steps (a fan-out's batches) end at their next batch boundary; what is left waits for the next start. */
  requestStop(): void {
    this.stopRequested = true;
  }

  async tick(now: Date): Promise<void> {
    const ctx = this.ctx;
    ctx.halts = await loadHalts(ctx.deps.db);
    // After a restart the paper broker's book is empty: what rested there is put back before it matches.
    const epoch = ctx.leadership.epoch();
    if (epoch !== this.paperRestoredIn) {
      await restorePaperBook(ctx, { replace: this.paperRestoredIn !== undefined });
      this.paperRestoredIn = epoch;
    }
    await ctx.feed.refresh?.(now);
    await trackInstruments(ctx);
    // Outside the session the market does not move and nothing is placed.
    const open = sessionState(now, ctx.calendar).open;
    const quotes = open ? ctx.feed.tick(now) : [];
    await this.recordFeedState(now);
    // Fills the brokers pushed are booked before anything is polled, their protections placed at once.
    await this.bookPushes(now, open);
    // A paper protection's leg the price reached is booked in this tick, as a postback would have it.
    if (open && ctx.paper.matchOpenOrders().some((o) => isProtectionTag(o.clientOrderId))) this.reconcileSoon();
    if (now.getTime() - this.reconciledAt >= RECONCILE_EVERY_MS) {
      // A protective order executed at the broker is booked first: the order book then knows its order.
      await reconcileProtections(ctx, now);
      await reconcileLiveOrders(ctx, now);
      this.reconciledAt = now.getTime();
    }
    // Live trades are priced by their own brokers, whether the session is open or not.
    await pollLivePrices(ctx, now);
    const running = await recordPrices(ctx, quotes, now, open);
    if (open) {
      await followUnsettledLegs(ctx, now);
      // Exits left open at the broker (a market exit clipped by its protection) are chased.
      await chaseExits(ctx, now);
      await cancelHaltedEntries(ctx, now);
      await closeAtLevels(ctx, running, now);
    }
    // Closed, these only note "waiting for market open" (and refuse intraday entries on a closed day).
    await placeQueuedManualOrders(ctx, now);
    await expirePendingSignals(ctx.deps.db, now, ctx.deps.log);
    if (this.remindedDay !== istDay(now) && (await remindExpiredSessions(ctx, now))) this.remindedDay = istDay(now);
    await cancelWithSignals(ctx, now);
    await fanOutApproved(ctx, now);
    // Last, so that every entry filled in this tick (fan-out, manual, followed, pushed meanwhile) gets its protection now.
    await this.bookPushes(now, false);
    if (open) await followProtections(ctx, now);
  }

  /**
   * Books the orders pushed since the last look (pushed-orders.ts); a pushed protective order's leg
   * reconciles that trade's protection, an order of no leg the whole book at the next reconciliation.
   * With `protect`, an entry booked here gets its protection placed now, not at the end of the tick.
   */
  private async bookPushes(now: Date, protect: boolean): Promise<void> {
    if (!this.pushes.size) return;
    const booked = await bookPushedOrders(this.ctx, this.pushes.take(), now);
    if (booked.protectionTrades.length) await reconcileProtections(this.ctx, now, booked.protectionTrades);
    if (booked.unknown) this.reconcileSoon();
    if (protect && booked.applied) await followProtections(this.ctx, now);
  }

  /**
   * The feed's state and the time of its last tick, shown in full on the admin Tokens screen;
   * rewritten every tick, so its commit does not wait for the disk (db/async-commit.ts).
   */
  private async recordFeedState(now: Date): Promise<void> {
    const state = { ...this.ctx.feed.state(), 'feed.last_tick': now.toISOString() };
    await withAsyncCommit(this.ctx.deps.db, (db) =>
      setTokens(
        { ...this.ctx.deps, db },
        Object.entries(state).map(([name, value]) => ({ name, value, secret: false })),
      ),
    );
  }
}
