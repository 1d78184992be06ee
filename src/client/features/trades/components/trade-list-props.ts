import type { Trade } from '../../../../shared/schemas/trades';

/** What the table and the card list both take. */
export interface TradeListProps {
  trades: readonly Trade[];
  /** Present for a superadmin: the Edit action. Must be stable (rows are memoized). */
  onEdit?: (trade: Trade) => void;
  /** Write actions are disabled offline. */
  editDisabled: boolean;
}

/** Trades rendered at first and per "Show more": a screenful or two, cheap to render on a phone. */
export const TRADES_PAGE_SIZE = 20;
