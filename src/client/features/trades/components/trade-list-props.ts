import type { Trade } from '../../../../shared/schemas/trades';

/** What the table and the card list both take. */
export interface TradeListProps {
  trades: readonly Trade[];
  /** Present for a superadmin: the Edit action. Must be stable (rows are memoized). */
  onEdit?: (trade: Trade) => void;
  /** Write actions are disabled offline. */
  editDisabled: boolean;
}
