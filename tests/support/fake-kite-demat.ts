/**
 * The demat side of a fake Kite account, as Kite applies it to a CNC sell (place, and the LIMIT
 * order a triggered GTT places):
 * - free to sell: the holding from earlier days plus today's CNC buys, less today's CNC sells (a
 *   resting sell blocks its whole quantity); beyond it Kite refuses the sell with a
 *   HoldingException ("Insufficient holdings available to place sell order", Kite's exceptions,
 *   https://kite.trade/docs/connect/v3/exceptions/) in the words a member met
 *   (https://kite.trade/forum/discussion/comment/43891/);
 * - on an account without DDPI or POA, what a sell takes out of the demat account (beyond today's
 *   buys) needs that day's CDSL TPIN authorisation: over the quantity authorised, Kite answers HTTP
 *   428 "10 quantity needs authorisation at depository."
 *   (https://kite.trade/docs/connect/v3/portfolio/#electronic-authorisation-of-holdings-for-selling;
 *   a sell GTT fails the same way when it triggers, https://support.zerodha.com/category/trading-and-markets/kite-features/gtt/articles/why-was-my-sell-gtt-order-rejected).
 * Accounts hold nothing and have no DDPI until a test says otherwise (a new account's default).
 */
import type { KiteOrderRecord } from './fake-kite';

/** Kite's refusal of a CNC sell beyond what the account may sell (HoldingException). */
export const KITE_NO_HOLDING =
  'Insufficient stock holding or there are pending sell orders for this stock. Check the orderbook.';
/** Kite's HTTP 428 for a demat sell beyond the day's CDSL TPIN authorisation. */
export const kiteNeedsAuthorisation = (quantity: number) => `${quantity} quantity needs authorisation at depository.`;

export interface KiteDemat {
  /** Shares of the symbol in the user's demat account from earlier days. */
  setHoldings(user: string, symbol: string, quantity: number): void;
  /** Whether the account has DDPI (or a POA): its demat sells need no TPIN authorisation. */
  setDdpi(user: string, ddpi: boolean): void;
  /** The member authorised this many shares of the symbol through CDSL TPIN today. */
  authorise(user: string, symbol: string, quantity: number): void;
  /** Kite's refusal of the order (HTTP status and words), or null. */
  refusal(
    order: Pick<KiteOrderRecord, 'transaction_type' | 'product' | 'tradingsymbol' | 'quantity'>,
    user: string,
    orders: readonly KiteOrderRecord[],
  ): { status: number; message: string } | null;
}

const resting = (o: KiteOrderRecord) => o.status === 'OPEN' || o.status === 'TRIGGER PENDING';

export function kiteDemat(): KiteDemat {
  const holdings = new Map<string, number>();
  const authorised = new Map<string, number>();
  const ddpi = new Set<string>();
  return {
    setHoldings: (user, symbol, quantity) => void holdings.set(`${user}:${symbol}`, quantity),
    setDdpi: (user, on) => void (on ? ddpi.add(user) : ddpi.delete(user)),
    authorise: (user, symbol, quantity) => void authorised.set(`${user}:${symbol}`, quantity),
    refusal(order, user, orders) {
      if (order.transaction_type !== 'SELL' || order.product !== 'CNC') return null;
      const key = `${user}:${order.tradingsymbol}`;
      let bought = 0;
      let sold = 0;
      for (const o of orders) {
        if (o.placed_by !== user || o.tradingsymbol !== order.tradingsymbol || o.product !== 'CNC') continue;
        if (o.transaction_type === 'BUY') bought += o.filled_quantity;
        else sold += resting(o) ? o.quantity : o.filled_quantity;
      }
      if (order.quantity > (holdings.get(key) ?? 0) + bought - sold) return { status: 400, message: KITE_NO_HOLDING };
      const fromDemat = Math.max(0, sold + order.quantity - bought);
      const unauthorised = fromDemat - (authorised.get(key) ?? 0);
      if (!ddpi.has(user) && unauthorised > 0) return { status: 428, message: kiteNeedsAuthorisation(unauthorised) };
      return null;
    },
  };
}
