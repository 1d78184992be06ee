/**
 * Filled order legs as the trade's entry and exit rows, with their charges, and the trade's figures
 * recomputed from all its rows: one statement per table for any number of fills. Charges are those
 * of the whole trade as a contract note computes them (charges.ts): a fill can change an earlier
 * row's (a swing trade sold the day it was bought is charged as intraday), which is then rewritten.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { insertRuns, updateRows } from '../db/bulk';
import { tradeEntries, tradeExits } from '../db/schema';
import { istDay } from '@shared/ist';
import type { Order } from '../brokers/adapter';
import { productOf, tradeLegCharges, type LegCharges } from '../trading/charges';
import type { TradeEvent } from '../context';
import type { LegRow, TradeRow } from './engine-deps';
import { entrySide, exitSide, tradeFigures } from '../trading/trade-math';
import type { TradeStatus } from '@shared/constants';
import { canMove } from '@shared/states/table';
import { statusAfterFills, TRADE_MOVES } from '@shared/states/trades';
import { lockTrades, writeTradeFigures, type RefusedTradeMove } from '../states/trades';

export interface FillToBook {
  leg: Pick<LegRow, 'side' | 'id'>;
  trade: TradeRow;
  stopLoss: number;
  /** The broker's answer: filled, with its average price. */
  order: Order;
}

type EntryRow = typeof tradeEntries.$inferSelect;
type ExitRow = typeof tradeExits.$inferSelect;

/** A row of the trade, stored (with its id) or about to be. */
interface Booked {
  kind: 'entry' | 'exit';
  id?: number;
  quantity: number;
  price: number;
  at: Date;
  charges?: LegCharges;
  order?: Order;
  legId?: number;
}

const CHARGE_COLUMNS = [
  'brokerage_charges',
  'stt',
  'exchange_transaction_charges',
  'sebi_tax',
  'stamp_duty',
  'dp_charges',
  'service_tax',
] as const;

const chargesOfRow = (row: EntryRow | ExitRow): LegCharges =>
  Object.fromEntries(CHARGE_COLUMNS.map((column) => [column, row[column] ?? 0])) as unknown as LegCharges;
const sameCharges = (a: LegCharges, b: LegCharges) => CHARGE_COLUMNS.every((column) => a[column] === b[column]);

async function rowsOf(tx: Db, tradeIds: number[]): Promise<Map<number, Booked[]>> {
  const entries = await tx
    .select()
    .from(tradeEntries)
    .where(inArray(tradeEntries.trabot_trade_id, tradeIds))
    .orderBy(asc(tradeEntries.trade_entry_sequence));
  const exits = await tx
    .select()
    .from(tradeExits)
    .where(inArray(tradeExits.trabot_trade_id, tradeIds))
    .orderBy(asc(tradeExits.trade_exit_sequence));
  const byTrade = new Map<number, Booked[]>(tradeIds.map((id) => [id, []]));
  for (const e of entries) {
    byTrade.get(e.trabot_trade_id)!.push({
      kind: 'entry',
      id: e.id,
      quantity: e.trade_entry_quantity,
      price: e.trade_entry_price,
      at: e.trade_entry_timestamp,
      charges: chargesOfRow(e),
    });
  }
  for (const x of exits) {
    byTrade.get(x.trabot_trade_id)!.push({
      kind: 'exit',
      id: x.id,
      quantity: x.trade_exit_quantity,
      price: x.trade_exit_price,
      at: x.trade_exit_timestamp,
      charges: chargesOfRow(x),
    });
  }
  return byTrade;
}

export interface BookedFills {
  /** What to tell the members (trade opened, trade closed), once committed. */
  events: TradeEvent[];
  /** Trades whose fills were booked but whose status the table (src/shared/states/trades.ts) does not let the engine move. */
  refused: RefusedTradeMove[];
}

/**
 * Books the fills (in order; several may belong to one trade): the next entry or exit row of each
 * trade, the charges of all its rows, and the trade's quantity, averages, mark-to-market and risk.
 * An entry makes the trade run; an exit that leaves no share open completes it. The trades are
 * locked first (`FOR UPDATE`) and their status read then, not as the engine read it before the
 * broker answered: an admin's edit waits for this transaction (and then finds the trade changed),
 * or went first and is respected. A fill on a trade the engine may not move (cancelled, closed by
 * the admin...) is booked with its figures, the status stays, and the move is answered as refused.
 */
export async function bookFills(tx: Db, fills: readonly FillToBook[], now: Date): Promise<BookedFills> {
  if (!fills.length) return { events: [], refused: [] };
  const events: TradeEvent[] = [];
  const refused: RefusedTradeMove[] = [];
  const tradeIds = [...new Set(fills.map((f) => f.trade.trabot_trade_id))];
  const statuses = await lockTrades(tx, tradeIds);
  const stored = await rowsOf(tx, tradeIds);
  const newEntries: (typeof tradeEntries.$inferInsert)[] = [];
  const newExits: (typeof tradeExits.$inferInsert)[] = [];
  const rewritten: { entries: Partial<EntryRow>[]; exits: Partial<ExitRow>[] } = { entries: [], exits: [] };
  const figures: { row: Partial<TradeRow>; from: TradeStatus }[] = [];

  for (const id of tradeIds) {
    const own = fills.filter((f) => f.trade.trabot_trade_id === id);
    const { trade, stopLoss } = own[0]!;
    const rows = [
      ...stored.get(id)!,
      ...own.map(({ leg, order }): Booked => ({
        kind: leg.side,
        quantity: order.filledQuantity,
        price: order.averagePrice as number,
        at: order.updatedAt,
        order,
        legId: leg.id,
      })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    const sideOf = (row: Booked) => (row.kind === 'entry' ? entrySide : exitSide)(trade.trade_direction);
    const charges = tradeLegCharges(
      productOf(trade.trade_type),
      rows.map((row) => ({ side: sideOf(row), quantity: row.quantity, price: row.price, day: istDay(row.at) })),
    );
    // New rows are numbered after the stored ones, whatever the times the brokers reported.
    const count = (kind: Booked['kind']) => stored.get(id)!.filter((r) => r.kind === kind).length;
    let entries = count('entry');
    let exits = count('exit');
    rows.forEach((row, i) => {
      const legCharges = charges[i]!;
      if (row.id !== undefined) {
        if (!sameCharges(row.charges!, legCharges))
          (row.kind === 'entry' ? rewritten.entries : rewritten.exits).push({ id: row.id, ...legCharges });
        return;
      }
      const common = {
        trabot_trade_id: id,
        order_id: row.order!.orderId,
        exchange_order_id: row.order!.exchangeOrderId,
        order_leg_id: row.legId ?? null,
        ...legCharges,
      };
      if (row.kind === 'entry') {
        newEntries.push({
          ...common,
          trade_entry_sequence: ++entries,
          trade_entry_quantity: row.quantity,
          trade_entry_price: row.price,
          trade_entry_timestamp: row.at,
        });
      } else {
        newExits.push({
          ...common,
          trade_exit_sequence: ++exits,
          trade_exit_quantity: row.quantity,
          trade_exit_price: row.price,
          trade_exit_timestamp: row.at,
        });
      }
    });
    const fillsOf = (kind: Booked['kind']) =>
      rows.filter((r) => r.kind === kind).map(({ quantity, price }) => ({ quantity, price }));
    const last = own.at(-1)!.order.averagePrice as number;
    const computed = tradeFigures({
      direction: trade.trade_direction,
      entries: fillsOf('entry'),
      exits: fillsOf('exit'),
      ltp: last,
      stopLoss,
    });
    const from = statuses.get(id) ?? trade.trade_status;
    const to = statusAfterFills(from, exits > 0 && computed.remaining_quantity <= 0);
    const status = canMove(TRADE_MOVES, from, to, 'engine') ? to : from;
    if (status !== to) refused.push({ tradeId: id, from, to });
    figures.push({
      // A fill's price is a real one at `now`: a live trade is priced from it until its broker's quotes come.
      row: {
        trabot_trade_id: id,
        ...computed,
        trade_status: status,
        ltp: last,
        ltp_at: now,
        ltp_stale: false,
        last_updated_timestamp: now,
      },
      from,
    });
    const event = {
      trabot_trade_id: id,
      trabot_account_id: trade.trabot_account_id,
      symbol: trade.trade_instrument,
      direction: trade.trade_direction,
    };
    if (count('entry') === 0 && entries > 0)
      events.push({
        ...event,
        kind: 'trade_opened',
        quantity: computed.trade_quantity,
        price: computed.avg_entry_price ?? last,
      });
    if (status === 'completed' && from !== 'completed') {
      events.push({
        ...event,
        kind: 'trade_closed',
        quantity: computed.trade_quantity,
        price: computed.avg_exit_price ?? last,
        realised_pnl: computed.current_mtm,
      });
    }
  }

  for (const run of insertRuns(tradeEntries, newEntries)) await tx.insert(tradeEntries).values(run);
  for (const run of insertRuns(tradeExits, newExits)) await tx.insert(tradeExits).values(run);
  await updateRows(tx, tradeEntries, 'id', rewritten.entries);
  await updateRows(tx, tradeExits, 'id', rewritten.exits);
  // Locked above, so the guard holds; a trade it would not hold for is answered, not overwritten.
  refused.push(...(await writeTradeFigures(tx, figures)));
  return { events, refused };
}
