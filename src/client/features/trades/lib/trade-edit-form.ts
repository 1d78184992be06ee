/**
 * The admin trade edit form (spec section 5): the trade date as yyyy-MM-dd, quantity, MTM, risk,
 * remaining quantity and LTP as numbers, empty optional fields as null; then the shared body schema.
 */
import { z } from 'zod';
import { TRADE_EDIT_STATUSES, type TradeStatus } from '../../../../shared/constants';
import { adminTradeEditBodySchema } from '../../../../shared/schemas/admin/members';
import type { Trade } from '../../../../shared/schemas/trades';
import { dateText, optionalNumber, optionalText, requiredNumber, textOf } from '../../../lib/form-text';

const wholeNumber = (label: string) => z.number().int(`${label} must be a whole number`).nonnegative(`${label} must not be negative`);

export const tradeEditFormSchema = z
  .object({
    trade_date: z.string().min(1, 'Trade date is required'),
    trade_status: z.enum(TRADE_EDIT_STATUSES, { error: 'Choose a status' }),
    trade_quantity: requiredNumber('Quantity').pipe(wholeNumber('Quantity')),
    // Blank MTM and risk mean "none yet" (a pending trade has neither), as stored.
    current_mtm: optionalNumber('Current MTM'),
    trade_risk: optionalNumber('Trade risk'),
    remaining_quantity: optionalNumber('Remaining quantity').pipe(wholeNumber('Remaining quantity').nullable()),
    ltp: optionalNumber('LTP'),
    broker_trade_number: optionalText,
    stoploss_trade_number: optionalText,
  })
  .pipe(adminTradeEditBodySchema);

export type TradeEditFormValues = z.input<typeof tradeEditFormSchema>;

/** The edit form lists open, closed, pending, cancelled: running and completed read as open and closed. */
const EDIT_STATUS: Partial<Record<TradeStatus, TradeEditFormValues['trade_status']>> = {
  open: 'open',
  running: 'open',
  closed: 'closed',
  completed: 'closed',
  pending: 'pending',
  cancelled: 'cancelled',
};

export function tradeEditFormValues(trade: Trade): Partial<TradeEditFormValues> {
  return {
    trade_date: dateText(trade.trade_date),
    // An approved trade has no counterpart in the list: the admin chooses.
    trade_status: EDIT_STATUS[trade.trade_status],
    trade_quantity: textOf(trade.trade_quantity),
    current_mtm: textOf(trade.current_mtm),
    trade_risk: textOf(trade.trade_risk),
    remaining_quantity: textOf(trade.remaining_quantity),
    ltp: textOf(trade.ltp),
    broker_trade_number: textOf(trade.broker_trade_number),
    stoploss_trade_number: textOf(trade.stoploss_trade_number),
  };
}
