/**
 * Kite's order pushes: the postback (https://kite.trade/docs/connect/v3/postbacks/, a POST of the
 * order as JSON, checksummed) and the ticker websocket's order update
 * (https://kite.trade/docs/connect/v3/websocket/#postbacks-and-non-binary-updates, a text message
 * `{"type": "order", "data": <the same payload>}`). Either carries the whole order as Kite's order
 * book has it; this reads it as the engine's Order. Status `UPDATE` (a modification or a partial
 * fill) is an order still open.
 */
import { z } from 'zod';
import type { Order } from '../adapter';
import { fromKiteOrder } from './kite-orders';

const text = z.string().max(128);
const amount = z.number().finite().nonnegative();

/** The fields of a pushed order the engine books from; Kite sends more, which are ignored. */
export const kitePushedOrderSchema = z.looseObject({
  order_id: z.string().min(1).max(64),
  exchange_order_id: text.nullable().optional(),
  status: text,
  status_message: z.string().max(1000).nullable().optional(),
  order_timestamp: text,
  exchange_timestamp: text.nullable().optional(),
  exchange_update_timestamp: text.nullable().optional(),
  exchange: text,
  tradingsymbol: text,
  transaction_type: z.enum(['BUY', 'SELL']),
  order_type: text,
  product: text,
  quantity: z.number().int().positive(),
  price: amount,
  trigger_price: amount,
  average_price: amount,
  filled_quantity: z.number().int().nonnegative(),
  tag: text.nullable().optional(),
});

/** The pushed order as the engine's Order, or null when the payload is not a whole order. */
export function kitePushedOrder(payload: unknown, now: Date): Order | null {
  const parsed = kitePushedOrderSchema.safeParse(payload);
  if (!parsed.success) return null;
  return fromKiteOrder(parsed.data as unknown as Parameters<typeof fromKiteOrder>[0], now);
}
