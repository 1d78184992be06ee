/**
 * Approved signals into trades (docs/engine.md, "Fan-out"): for each approved signal with
 * process_signal set whose algo is On, its subscribed accounts in batches of `batchSize`. Per batch:
 * the signal's status read again (a cancel stops the fan-out here), the accounts' keys checked at
 * their brokers, each account sized at the price its market entry will get (a paper account's from
 * the feed, a live account's from its own broker: live-prices.ts; none fresh and that account
 * waits, the feed never holding a live one), the trades and their entry legs written in one
 * transaction, the orders sent with bounded concurrency, the answers saved in one more; the skip
 * warnings with the signal's move to running, once no account waits. The number of statements grows with the batches, never with the
 * accounts of a batch.
 */
import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, algoSubscriptions, algos, signals, trades } from '../db/schema';
import { recordSignalEvents } from '../records/signal-events';
import { raiseWarnings } from '../records/warnings';
import type { AccountRow, EngineContext, SignalRow } from './engine-deps';
import { liveEntryMaxAgeMs, liveEntryPrice, marketEntryPrice, sessionReadiness, type EntryPrice } from './entry-guards';
import { askLivePrices, priceAccountOf } from './live-prices';
import { haltNote } from './halts';
import { checkKeys } from './key-checks';
import { entrySkip, selectSubscribers, subscribedTo, type EntrySkip } from '../trading/entry-eligibility';
import { insertTradesWithLegs } from './new-legs';
import { isPaperTrading, tradeBroker } from '../brokers/select-adapter';
import { applyAnswers, sendLegs } from './order-legs';
import { moveSignals } from '../states/signals';
import { sizePosition, type SizingSubscription } from '../trading/sizing';

type Subscriber = { subscription: SizingSubscription; account: AccountRow; membershipExpiry: string | null };

/**
 * The algo's subscribers (trading/entry-eligibility.ts) with no trade on the signal, after the
 * account id `after`, at most `limit`, in account order.
 */
export function untradedSubscribers(db: Db, signal: SignalRow, after: number, limit: number): Promise<Subscriber[]> {
  return selectSubscribers(db, {})
    .where(
      subscribedTo(
        signal.algo_id,
        gt(algoSubscriptions.trabot_account_id, after),
        notExists(
          db
            .select({ id: trades.trabot_trade_id })
            .from(trades)
            .where(
              and(eq(trades.signal_id, signal.signal_id), eq(trades.trabot_account_id, accounts.trabot_account_id)),
            ),
        ),
      ),
    )
    .orderBy(asc(algoSubscriptions.trabot_account_id))
    .limit(limit);
}

const skipWarning = (signal: SignalRow, accountId: number, skip: EntrySkip) => ({
  message: `Account ${accountId} skipped for signal ${signal.signal_id}: ${skip.detail}`,
  data: { trabot_account_id: accountId, signal_id: signal.signal_id, reason: skip.reason },
});

async function setNote(ctx: EngineContext, signal: SignalRow, note: string | null): Promise<void> {
  if (signal.status_note === note) return;
  await ctx.deps.db.update(signals).set({ status_note: note }).where(eq(signals.signal_id, signal.signal_id));
}

async function stillApproved(ctx: EngineContext, signalId: number): Promise<boolean> {
  const [row] = await ctx.deps.db
    .select({ status: signals.trade_status })
    .from(signals)
    .where(eq(signals.signal_id, signalId));
  return row?.status === 'approved';
}

/**
 * The price each live account's market entry will get, from its own broker: the live price book's
 * when fresh, else its broker asked once now; none and the account waits ("waiting for a live price").
 */
async function liveEntries(
  ctx: EngineContext,
  signal: SignalRow,
  live: readonly AccountRow[],
  now: Date,
): Promise<Map<number, EntryPrice>> {
  const symbol = signal.instrument_symbol;
  const wants = live.map((account) => ({ account, broker: tradeBroker(account, ctx.deps.env), symbol }));
  await askLivePrices(ctx, wants, now, liveEntryMaxAgeMs(ctx.settings));
  const reference = ctx.feed.quote(symbol);
  return new Map(
    wants.map(({ account, broker }) => [
      account.trabot_account_id,
      liveEntryPrice(
        signal,
        broker,
        ctx.live.price(priceAccountOf(account.trabot_account_id, broker), broker, symbol),
        reference,
        now,
        ctx.settings,
      ),
    ]),
  );
}

type SkipWarning = ReturnType<typeof skipWarning>;

/**
 * One batch: every account skipped with `skipAll`, or checked, sized and ordered at its entry
 * price (a paper account's `feed` price, a live account's from its own broker). An account whose
 * price is not there yet waits: a paper one on the feed, a live one on its own broker only. The
 * trades and legs are written and sent here; the skips and the first wait's note are answered, to
 * be raised only once the whole fan-out is decided (an account still waiting leaves the signal
 * approved, and its batches are gone through again next tick).
 */
async function openBatch(
  ctx: EngineContext,
  signal: SignalRow,
  batch: Subscriber[],
  entry: { feed: EntryPrice } | { skipAll: EntrySkip },
  now: Date,
  exchangeAlgoId: string | null,
): Promise<{ skips: SkipWarning[]; waiting: string | null }> {
  const { db, log } = ctx.deps;
  if ('skipAll' in entry)
    return {
      skips: batch.map(({ account }) => skipWarning(signal, account.trabot_account_id, entry.skipAll)),
      waiting: null,
    };
  const skips: SkipWarning[] = [];
  const paper = (account: AccountRow) => isPaperTrading(account, ctx.deps.env);
  // A stale feed holds the paper accounts alone, before any broker is asked about them.
  const feedWaits = entry.feed.kind === 'wait' ? entry.feed.note : null;
  let waiting = batch.some(({ account }) => feedWaits && paper(account)) ? feedWaits : null;
  const current = batch.filter((subscriber) => {
    if (feedWaits && paper(subscriber.account)) return false;
    const skip = entrySkip(ctx.halts, subscriber, now);
    if (skip) skips.push(skipWarning(signal, subscriber.account.trabot_account_id, skip));
    return !skip;
  });
  const keys = await checkKeys(
    ctx,
    current.map((b) => b.account),
    now,
  );
  const orders: Parameters<typeof insertTradesWithLegs>[3][number][] = [];
  // SEBI's retail algo framework: a live algo order carries the exchange's Algo ID (paper never needs one).
  const unregistered = !exchangeAlgoId && !ctx.deps.env.ALLOW_UNREGISTERED_ALGOS;
  const live = await liveEntries(
    ctx,
    signal,
    current.map((b) => b.account).filter((a) => !paper(a) && !unregistered && keys.get(a.trabot_account_id) !== null),
    now,
  );
  for (const { subscription, account } of current) {
    if (unregistered && !paper(account)) {
      skips.push(
        skipWarning(signal, account.trabot_account_id, {
          reason: 'unregistered_algo',
          detail: `algo ${signal.algo_id} has no exchange Algo ID (set it on the algo's screen, or ALLOW_UNREGISTERED_ALGOS=1)`,
        }),
      );
      continue;
    }
    const key = keys.get(account.trabot_account_id);
    if (key === null) {
      skips.push(
        skipWarning(signal, account.trabot_account_id, {
          reason: 'broker_unreachable',
          detail: 'the broker could not be reached to check the key',
        }),
      );
      continue;
    }
    const price = paper(account) ? entry.feed : live.get(account.trabot_account_id)!;
    if (price.kind === 'skip') skips.push(skipWarning(signal, account.trabot_account_id, price));
    if (price.kind === 'wait') waiting ??= price.note;
    if (price.kind !== 'price') continue;
    const sized = sizePosition({ subscription, signal, accessKeyValid: key === true, price: price.price });
    if (!sized.ok) {
      skips.push(skipWarning(signal, account.trabot_account_id, sized));
      continue;
    }
    orders.push({
      account,
      quantity: sized.quantity,
      tradeRisk: sized.lossAtStop,
      leg: { side: 'entry', source: 'signal', quantity: sized.quantity, order_type: 'market' },
    });
  }
  if (!orders.length) return { skips, waiting };
  const legs = await db.transaction((tx) => insertTradesWithLegs(tx, ctx.deps.env, signal, orders, now));
  for (const { trade } of legs)
    log.info(
      {
        tradeId: trade.trabot_trade_id,
        signalId: signal.signal_id,
        accountId: trade.trabot_account_id,
        quantity: trade.trade_quantity,
      },
      'engine: trade created',
    );
  await applyAnswers(ctx, await sendLegs(ctx, legs), now);
  return { skips, waiting };
}

/** The signal's accounts, batch by batch, until none is left, the signal is cancelled or the engine stops. */
async function fanOut(ctx: EngineContext, signal: SignalRow, now: Date, exchangeAlgoId: string | null): Promise<void> {
  const { log } = ctx.deps;
  // Under a halt of all trading the signal waits: its entry is judged again (drift, session) once resumed.
  if (ctx.halts.all) return setNote(ctx, signal, haltNote(ctx.halts.all));
  const session = sessionReadiness(signal.trade_type, now, ctx.calendar);
  if (session.kind === 'wait') return setNote(ctx, signal, session.note);
  const price =
    session.kind === 'go'
      ? marketEntryPrice(signal, ctx.feed.quote(signal.instrument_symbol), now, ctx.settings)
      : null;
  // The feed's price is a paper account's (a stale one holds only those); a live account's comes
  // from its own broker (openBatch), whatever the feed says.
  const entry = session.kind === 'refuse' ? { skipAll: session } : { feed: price as EntryPrice };

  const skips: SkipWarning[] = [];
  let waiting: string | null = null;
  for (let after = 0; ;) {
    if (ctx.stopping() || !(await stillApproved(ctx, signal.signal_id))) return;
    const batch = await untradedSubscribers(ctx.deps.db, signal, after, ctx.settings.batchSize);
    if (!batch.length) break;
    after = batch.at(-1)!.account.trabot_account_id;
    const done = await openBatch(ctx, signal, batch, entry, now, exchangeAlgoId);
    skips.push(...done.skips);
    waiting ??= done.waiting;
  }
  // Some account still waits for its price: the signal stays approved, its skips are decided again next tick.
  if (waiting) return setNote(ctx, signal, waiting);
  for (const w of skips) log.warn(w.data, `engine: ${w.message}`);
  // An intraday signal refused for the session is cancelled: it is not traded on a later day either.
  const refused = session.kind === 'refuse';
  await ctx.deps.db.transaction(async (tx) => {
    await raiseWarnings(tx, skips);
    const moved = await moveSignals(tx, ctx.deps.log, {
      to: refused ? 'cancelled' : 'running',
      from: ['approved'],
      ids: [signal.signal_id],
      set: { status_note: refused ? `refused: ${session.detail}` : null },
      why: 'fanned out',
    });
    if (refused)
      await recordSignalEvents(
        tx,
        moved.map(({ signal_id: id }) => ({
          signalId: id,
          kind: 'cancelled',
          actor: null,
          details: { reason: session.detail },
          at: now,
        })),
      );
  });
  ctx.deps.log.info(
    { signalId: signal.signal_id, status: refused ? 'cancelled' : 'running' },
    'engine: signal fanned out',
  );
}

/** Every approved signal with process_signal set whose algo is On, oldest first. */
export async function fanOutApproved(ctx: EngineContext, now: Date): Promise<void> {
  const approved = await ctx.deps.db
    .select({ signal: signals, exchangeAlgoId: algos.exchange_algo_id })
    .from(signals)
    .innerJoin(algos, eq(algos.algo_id, signals.algo_id))
    .where(and(eq(signals.trade_status, 'approved'), eq(signals.algo_process_ind, true), eq(algos.algo_switch, true)))
    .orderBy(asc(signals.signal_id));
  for (const { signal, exchangeAlgoId } of approved) {
    if (ctx.stopping()) return;
    await fanOut(ctx, signal, now, exchangeAlgoId);
  }
}
