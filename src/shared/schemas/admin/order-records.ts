/** The order records' CSV export: GET /api/admin/order-records?from=yyyy-MM-dd&to=yyyy-MM-dd (days in India). */
import { z } from 'zod';
import { isoDateInRange } from '../../date-range';

export const orderRecordsQuerySchema = z
  .object({ from: isoDateInRange('from'), to: isoDateInRange('to') })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type OrderRecordsQuery = z.infer<typeof orderRecordsQuerySchema>;

/** The export's columns, in order (the CSV's header line). */
export const ORDER_RECORD_COLUMNS = [
  'event_id',
  'at',
  'kind',
  'action',
  'broker',
  'leg_id',
  'trabot_trade_id',
  'trabot_account_id',
  'signal_id',
  'manual_order_id',
  'client_order_id',
  'broker_order_id',
  'exchange',
  'symbol',
  'side',
  'product',
  'order_type',
  'quantity',
  'limit_price',
  'trigger_price',
  'state',
  'previous_state',
  'filled_quantity',
  'average_price',
  'message',
] as const;

export const orderRecordsFileName = (q: OrderRecordsQuery) => `order-records-${q.from}-to-${q.to}.csv`;
