/**
 * The figures a trade row keeps consistent with its entry and exit rows, and the price rules the
 * engine acts on. Pure; amounts in rupees, rounded to paise. Mark-to-market is gross of charges
 * (the charges are stored on each leg).
 */
import { istTime } from '@shared/ist';
import type { Side } from './charge-rates';
import { productOf } from './charges';
import { round2 } from './money';

/** Intraday positions are squared off at this time (IST) on their trade date. */
export const SQUARE_OFF_IST = '15:15';

/** True once an intraday trade of `tradeDate` (yyyy-MM-dd, IST) is due to be squared off. */
export const squareOffDue = (tradeType: string, tradeDate: string, now: Date): boolean =>
  productOf(tradeType) === 'intraday' && now.getTime() >= istTime(tradeDate, SQUARE_OFF_IST).getTime();

export type Direction = 'long' | 'short';

export interface Fill {
  quantity: number;
  price: number;
}

const sign = (direction: string) => (direction === 'short' ? -1 : 1);

export const entrySide = (direction: string): Side => (direction === 'short' ? 'sell' : 'buy');
export const exitSide = (direction: string): Side => (direction === 'short' ? 'buy' : 'sell');

/** Which level the last price has reached, if any: at or beyond the target, or at or beyond the stop-loss. */
export function levelReached(
  direction: string,
  ltp: number,
  levels: { target_level: number; stop_loss_level: number },
): 'target' | 'stop_loss' | null {
  const s = sign(direction);
  if (s * (ltp - levels.target_level) >= 0) return 'target';
  if (s * (ltp - levels.stop_loss_level) <= 0) return 'stop_loss';
  return null;
}

/** The signal's largest favourable and adverse moves from its entry level, in rupees per share (never negative). */
export function excursions(
  direction: string,
  entry: number,
  ltp: number,
  previous: { max_fav_excursion: number | null; max_adv_excursion: number | null },
): { max_fav_excursion: number; max_adv_excursion: number } {
  const move = sign(direction) * (ltp - entry);
  return {
    max_fav_excursion: round2(Math.max(previous.max_fav_excursion ?? 0, move)),
    max_adv_excursion: round2(Math.max(previous.max_adv_excursion ?? 0, -move)),
  };
}

const average = (fills: Fill[]) => {
  const quantity = fills.reduce((sum, f) => sum + f.quantity, 0);
  return quantity ? round2(fills.reduce((sum, f) => sum + f.quantity * f.price, 0) / quantity) : null;
};

export interface TradeFigures {
  trade_quantity: number;
  remaining_quantity: number;
  avg_entry_price: number | null;
  avg_exit_price: number | null;
  current_mtm: number;
  trade_risk: number;
}

export interface Position {
  direction: string;
  /** Shares entered and still open. */
  entered: number;
  remaining: number;
  avgEntry: number | null;
  avgExit: number | null;
}

/**
 * The mark-to-market of a position (realised on the exits plus the open quantity at `ltp`) and the
 * risk left (open quantity x distance from the average entry to the stop-loss).
 */
export function markToMarket(
  position: Position,
  ltp: number,
  stopLoss: number,
): Pick<TradeFigures, 'current_mtm' | 'trade_risk'> {
  const { avgEntry, avgExit, entered, remaining } = position;
  const s = sign(position.direction);
  const realised = avgEntry === null || avgExit === null ? 0 : s * (avgExit - avgEntry) * (entered - remaining);
  const open = avgEntry === null ? 0 : s * (ltp - avgEntry) * remaining;
  return {
    current_mtm: round2(realised + open),
    trade_risk: avgEntry === null ? 0 : round2(remaining * Math.abs(avgEntry - stopLoss)),
  };
}

/** A trade's figures from its fills: quantity entered, what remains open, average prices, mark-to-market and risk. */
export function tradeFigures(input: {
  direction: string;
  entries: Fill[];
  exits: Fill[];
  ltp: number;
  stopLoss: number;
}): TradeFigures {
  const entered = input.entries.reduce((sum, f) => sum + f.quantity, 0);
  const remaining = entered - input.exits.reduce((sum, f) => sum + f.quantity, 0);
  const position = {
    direction: input.direction,
    entered,
    remaining,
    avgEntry: average(input.entries),
    avgExit: average(input.exits),
  };
  return {
    trade_quantity: entered,
    remaining_quantity: remaining,
    avg_entry_price: position.avgEntry,
    avg_exit_price: position.avgExit,
    ...markToMarket(position, input.ltp, input.stopLoss),
  };
}
