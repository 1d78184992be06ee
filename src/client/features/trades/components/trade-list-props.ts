import type { Trade } from '@shared/schemas/trades';

/** What the table and the card list both take. */
export interface TradeListProps {
  trades: readonly Trade[];
  /** Present for a superadmin: the Edit action. Must be stable (rows are memoized). */
  onEdit?: (trade: Trade) => void;
  /** Write actions are disabled offline. */
  editDisabled: boolean;
}

/** Table rows rendered at first and per "Show more": a screenful or two of a laptop. */
export const TRADES_PAGE_SIZE = 20;
/**
 * Cards rendered at first and per "Show more" on a phone: about two screens (a card is ~200 px
 * tall), so that a filter switch renders and lays out no more than the user can scroll to at once.
 */
export const TRADE_CARDS_PAGE_SIZE = 8;
