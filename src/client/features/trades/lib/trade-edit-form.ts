/**
 * The admin trade edit form (spec section 5): the trade date as yyyy-MM-dd, quantity, MTM, risk,
 * remaining quantity and LTP as numbers, empty optional fields as null; then the shared body schema.
 * The status list is the trade's own stored status, shown as it is, then those of the spec's four
 * (open, closed, pending, cancelled) it may move to; the body carries a status only when the admin
 * picked another one, so saving other fields never rewrites a completed trade's status.
 */
import { z } from 'zod';
import { TRADE_EDIT_STATUSES, TRADE_STATUSES, type TradeStatus } from '@shared/constants';
import { adminTradeEditBodySchema } from '@shared/schemas/admin/members';
import { TRADE_MOVES } from '@shared/states/trades';
import { reachableFrom } from '@shared/states/table';
import type { Trade } from '@shared/schemas/trades';
import { dateText, optionalNumber, optionalText, requiredNumber, textOf } from '@client/lib/form-text';

type TradeEditStatus = (typeof TRADE_EDIT_STATUSES)[number];

const wholeNumber = (label: string) =>
  z.number().int(`${label} must be a whole number`).nonnegative(`${label} must not be negative`);

/**
 * The statuses the form offers for a trade: its own first, then those of the spec's four a
 * superadmin may move it to (src/shared/states/trades.ts: a running trade may be taken over (open) or
 * closed, not set back to pending; a completed or cancelled one stays).
 */
export const tradeEditStatuses = (stored: TradeStatus): TradeStatus[] => {
  const reachable = reachableFrom(TRADE_MOVES, stored, 'admin');
  return [stored, ...TRADE_EDIT_STATUSES.filter((status) => status !== stored && reachable.includes(status))];
};

/**
 * Why the spec's statuses missing from the choices are missing (shown under the Trade Status
 * select): a final trade keeps its status; another one cannot move to those.
 */
export function tradeEditStatusNote(stored: TradeStatus): string | undefined {
  const offered = tradeEditStatuses(stored);
  const missing = TRADE_EDIT_STATUSES.filter((status) => !offered.includes(status));
  if (missing.length === 0) return undefined;
  if (offered.length === 1) return `A ${stored} trade is final: its status stays ${stored}.`;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `Not offered: ${list}, which a ${stored} trade cannot move to.`;
}

export const tradeEditFormSchema = (stored: TradeStatus) =>
  z
    .object({
      trade_date: z.string().min(1, 'Trade date is required'),
      trade_status: z.enum(TRADE_STATUSES, { error: 'Choose a status' }),
      trade_quantity: requiredNumber('Quantity').pipe(wholeNumber('Quantity')),
      // Blank MTM and risk mean "none yet" (a pending trade has neither), as stored.
      current_mtm: optionalNumber('Current MTM'),
      trade_risk: optionalNumber('Trade risk'),
      remaining_quantity: optionalNumber('Remaining quantity').pipe(wholeNumber('Remaining quantity').nullable()),
      ltp: optionalNumber('LTP'),
      broker_trade_number: optionalText,
      stoploss_trade_number: optionalText,
    })
    // The stored status, unchanged, is not sent: the server keeps it. Another one is one of the
    // spec's four (the only others offered), which the body schema checks.
    .transform(({ trade_status, ...rest }) =>
      trade_status === stored ? rest : { ...rest, trade_status: trade_status as TradeEditStatus },
    )
    .pipe(adminTradeEditBodySchema);

export type TradeEditFormValues = z.input<ReturnType<typeof tradeEditFormSchema>>;

export function tradeEditFormValues(trade: Trade): Partial<TradeEditFormValues> {
  return {
    trade_date: dateText(trade.trade_date),
    trade_status: trade.trade_status,
    trade_quantity: textOf(trade.trade_quantity),
    current_mtm: textOf(trade.current_mtm),
    trade_risk: textOf(trade.trade_risk),
    remaining_quantity: textOf(trade.remaining_quantity),
    ltp: textOf(trade.ltp),
    broker_trade_number: textOf(trade.broker_trade_number),
    stoploss_trade_number: textOf(trade.stoploss_trade_number),
  };
}
