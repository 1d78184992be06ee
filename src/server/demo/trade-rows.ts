/**
 * Turns a demo signal into database rows whose numbers agree with each other: quantities sized by
 * the engine's rules for the subscription, fills summing to the trade, average prices, remaining
 * quantity, MTM, risk and the engine's per-order charges.
 */
import { riskReward } from '@shared/risk-reward';
import type { signals, tradeEntries, tradeExits, trades } from '../db/schema';
import { productOf, tradeLegCharges } from '../trading/charges';
import { round2 } from '../trading/money';
import { sizePosition } from '../trading/sizing';
import { DEMO_SUBSCRIPTIONS, type DemoFill, type DemoSignal } from './content';
import { istDay, istTime, type IstDay } from '@shared/ist';
import { tradingDaysAgo } from './market-calendar';

type SignalRow = Omit<typeof signals.$inferInsert, 'signal_id'>;
type TradeRow = Omit<typeof trades.$inferInsert, 'trabot_trade_id'>;
type EntryRow = Omit<typeof tradeEntries.$inferInsert, 'id' | 'trabot_trade_id'>;
type ExitRow = Omit<typeof tradeExits.$inferInsert, 'id' | 'trabot_trade_id'>;

export interface DemoClock {
  now: Date;
  /** The latest traded price's time: now during a session, else the last session's close. */
  lastPriceAt: Date;
  day(daysAgo: number): IstDay;
  at(daysAgo: number, hhmm: string): Date;
}

export function demoClock(now: Date): DemoClock {
  const day = (daysAgo: number) => tradingDaysAgo(now, daysAgo);
  const at = (daysAgo: number, hhmm: string) => istTime(day(daysAgo), hhmm);
  const opened = at(0, '09:15');
  const closed = at(0, '15:30');
  const lastPriceAt = now < opened ? at(1, '15:30') : now < closed ? now : closed;
  return { now, lastPriceAt, day, at };
}

/** Exchange-style order numbers, unique within one seed run. */
export function orderNumbers(): (day: IstDay) => { order_id: string; exchange_order_id: string } {
  let seq = 0;
  return (day) => {
    seq += 1;
    const yymmdd = day.slice(2).replaceAll('-', '');
    return {
      order_id: `${yymmdd}${String(400_000_000 + seq * 7_919).padStart(9, '0')}`,
      exchange_order_id: `1100000${String(100_000_000 + seq * 104_729).padStart(9, '0')}`,
    };
  };
}

/** The quantity the engine sizes for the demo account's subscription to the signal's algo. */
export function plannedQuantity(signal: DemoSignal): number {
  const sized = sizePosition({
    subscription: DEMO_SUBSCRIPTIONS[signal.algo],
    signal: {
      trade_direction: signal.direction,
      entry_level: signal.entry,
      stop_loss_level: signal.stop,
      target_level: signal.target,
      portion_in_trade: signal.portion,
    },
    accessKeyValid: true,
  });
  if (!sized.ok) throw new Error(`The demo's ${signal.symbol} signal is not tradable: ${sized.detail}`);
  return sized.quantity;
}

/** Splits `total` by the fills' shares; when the shares add up to 1 the last fill takes the remainder. */
function splitQuantity(total: number, fills: DemoFill[]): number[] {
  const complete = Math.abs(fills.reduce((sum, fill) => sum + fill.share, 0) - 1) < 1e-9;
  let assigned = 0;
  return fills.map((fill, i) => {
    const quantity = complete && i === fills.length - 1 ? total - assigned : Math.round(total * fill.share);
    assigned += quantity;
    return quantity;
  });
}

function averagePrice(legs: { quantity: number; price: number }[]): number | null {
  const quantity = legs.reduce((sum, leg) => sum + leg.quantity, 0);
  return quantity ? legs.reduce((sum, leg) => sum + leg.quantity * leg.price, 0) / quantity : null;
}

export function signalGeneratedAt(signal: DemoSignal, clock: DemoClock): Date {
  // Swing signals are computed on the previous session's close; intraday ones fire in the session.
  return signal.algo === 'swing' ? clock.at(signal.day + 1, '15:25') : clock.at(signal.day, signal.time ?? '09:45');
}

function lastChangeWithoutExit(signal: DemoSignal, live: boolean, clock: DemoClock): Date {
  if (live) return clock.lastPriceAt;
  // Swing entries are skipped at the open; intraday orders lapse at the 14:30 cut-off.
  if (signal.trade.status === 'cancelled') return clock.at(signal.day, signal.algo === 'swing' ? '09:15' : '14:30');
  return signalGeneratedAt(signal, clock);
}

export function signalRow(signal: DemoSignal, algoId: number, series: string, clock: DemoClock): SignalRow {
  const lastExit = signal.trade.exits.at(-1);
  const ended = signal.status === 'completed' && lastExit !== undefined;
  return {
    algo_id: algoId,
    exchange: 'NSE',
    instrument_symbol: signal.symbol,
    instrument_type: series,
    trade_type: signal.algo,
    trade_direction: signal.direction,
    trade_gen_ts: signalGeneratedAt(signal, clock),
    created_at: signalGeneratedAt(signal, clock),
    // The swing algo's code sends its signals after the close; the admin adds the intraday ones.
    source: signal.algo === 'swing' ? 'webhook' : 'manual',
    client_signal_id: signal.algo === 'swing' ? `${signal.symbol}-${clock.day(signal.day)}` : null,
    entry_level: signal.entry,
    stop_loss_level: signal.stop,
    target_level: signal.target,
    trade_status: signal.status,
    algo_process_ind: signal.status !== 'cancelled',
    portion_in_trade: signal.portion,
    ltp: ended ? lastExit.price : (signal.ltp ?? null),
    max_fav_excursion: signal.excursion?.favourable ?? null,
    max_adv_excursion: signal.excursion?.adverse ?? null,
    ltp_timestamp: ended ? clock.at(lastExit.day, lastExit.time) : clock.lastPriceAt,
    risk_reward: riskReward(signal.entry, signal.stop, signal.target),
  };
}

export function tradeRows(
  signal: DemoSignal,
  ids: { accountId: number; algoId: number; signalId: number },
  clock: DemoClock,
  nextOrder: ReturnType<typeof orderNumbers>,
): { trade: TradeRow; entries: EntryRow[]; exits: ExitRow[] } {
  const { trade: plan } = signal;
  const product = productOf(signal.algo);
  const sign = signal.direction === 'long' ? 1 : -1;
  const entrySide = signal.direction === 'long' ? 'buy' : 'sell';
  const exitSide = entrySide === 'buy' ? 'sell' : 'buy';
  const quantity = plannedQuantity(signal);

  const leg = (fill: DemoFill, legQuantity: number) => {
    const day = clock.day(fill.day);
    return { quantity: legQuantity, price: fill.price, timestamp: istTime(day, fill.time), ...nextOrder(day) };
  };
  const plainEntries = splitQuantity(quantity, plan.entries).map((q, i) => leg(plan.entries[i]!, q));
  const entered = plainEntries.reduce((sum, l) => sum + l.quantity, 0);
  const plainExits = splitQuantity(entered, plan.exits).map((q, i) => leg(plan.exits[i]!, q));
  // The whole trade's charges, as a contract note computes them (a same-day round trip of a swing trade is intraday).
  const chargeable = (side: 'buy' | 'sell') => (l: (typeof plainEntries)[number]) => ({
    side,
    quantity: l.quantity,
    price: l.price,
    day: istDay(l.timestamp),
  });
  const charges = tradeLegCharges(product, [
    ...plainEntries.map(chargeable(entrySide)),
    ...plainExits.map(chargeable(exitSide)),
  ]);
  const entryLegs = plainEntries.map((l, i) => ({ ...l, ...charges[i]! }));
  const exitLegs = plainExits.map((l, i) => ({ ...l, ...charges[plainEntries.length + i]! }));
  const exited = exitLegs.reduce((sum, l) => sum + l.quantity, 0);

  const filled = entryLegs.length > 0;
  const live = plan.status === 'running' || plan.status === 'open';
  const avgEntry = averagePrice(entryLegs);
  const remaining = filled ? entered - exited : null;
  const lastPrice = live || !filled ? (signal.ltp ?? null) : (exitLegs.at(-1)?.price ?? null);
  const realised = exitLegs.reduce((sum, l) => sum + sign * l.quantity * (l.price - (avgEntry ?? 0)), 0);
  const unrealised =
    live && avgEntry !== null && lastPrice !== null ? sign * (remaining ?? 0) * (lastPrice - avgEntry) : 0;
  const risk = live
    ? (remaining ?? 0) * Math.abs((avgEntry ?? signal.entry) - signal.stop)
    : plan.status === 'pending' || plan.status === 'approved'
      ? quantity * Math.abs(signal.entry - signal.stop)
      : 0;
  const tradeDay = clock.day(signal.day);
  const lastUpdated = exitLegs.at(-1)?.timestamp ?? lastChangeWithoutExit(signal, live, clock);
  // An approved trade has its entry order resting at the broker; a filled one has its stop-loss order.
  const brokerOrder = entryLegs[0]?.order_id ?? (plan.status === 'approved' ? nextOrder(tradeDay).order_id : null);
  const stopOrder = filled ? nextOrder(clock.day(plan.entries[0]!.day)).order_id : null;

  return {
    trade: {
      trade_type: signal.algo,
      trabot_account_id: ids.accountId,
      signal_id: ids.signalId,
      algo_id: ids.algoId,
      last_updated_timestamp: lastUpdated,
      avg_entry_price: avgEntry === null ? null : round2(avgEntry),
      avg_exit_price: exitLegs.length ? round2(averagePrice(exitLegs)!) : null,
      trade_exchange: 'NSE',
      trade_instrument: signal.symbol,
      trade_date: tradeDay,
      trade_status: plan.status,
      trade_quantity: quantity,
      trade_direction: signal.direction,
      current_mtm: round2(realised + unrealised),
      trade_risk: round2(risk),
      broker_trade_number: brokerOrder,
      stoploss_trade_number: stopOrder,
      remaining_quantity: remaining,
      ltp: lastPrice,
    },
    entries: entryLegs.map(({ quantity: q, price, timestamp, ...rest }, i) => ({
      trade_entry_sequence: i + 1,
      trade_entry_quantity: q,
      trade_entry_price: price,
      trade_entry_timestamp: timestamp,
      ...rest,
    })),
    exits: exitLegs.map(({ quantity: q, price, timestamp, ...rest }, i) => ({
      trade_exit_sequence: i + 1,
      trade_exit_quantity: q,
      trade_exit_price: price,
      trade_exit_timestamp: timestamp,
      ...rest,
    })),
  };
}
