/**
 * Manual Entry / Manual Exit forms (spec sections 4, 5, 7): the admin picks the order and the
 * rest of the body comes from the signal. Validated by the shared schemas, whose rules are
 * `manualOrderError`, the same function the server applies.
 */
import { z } from 'zod';
import type { MANUAL_ORDER_PORTIONS, ORDER_TYPES } from '@shared/constants';
import { EXIT_TRADE_TYPES, TRADE_TYPES } from '@shared/constants';
import { manualEntryBodySchema, manualExitBodySchema, type Signal } from '@shared/schemas/admin/algos';
import type { ManualOrderSide } from '../api/place-manual-order';
import { parseDecimal } from './parse-decimal';

export type OrderType = (typeof ORDER_TYPES)[number];

export interface ManualOrderFormValues {
  order_type: OrderType;
  limit_price: string;
  trigger_price: string;
  portion: (typeof MANUAL_ORDER_PORTIONS)[number];
  trade_type: string;
}

export const TRADE_TYPES_BY_SIDE: Record<ManualOrderSide, readonly string[]> = {
  entry: TRADE_TYPES,
  exit: EXIT_TRADE_TYPES,
};

export const manualOrderDefaults = (side: ManualOrderSide): ManualOrderFormValues => ({
  order_type: 'market',
  limit_price: '',
  trigger_price: '',
  portion: 1,
  trade_type: TRADE_TYPES_BY_SIDE[side][0]!,
});

/** Which price fields an order type shows (spec section 4). */
export const showsLimitPrice = (orderType: OrderType) => orderType === 'limit' || orderType === 'trigger';
export const showsTriggerPrice = (orderType: OrderType) => orderType === 'trigger';

/** A shown price as typed (a missing or unreadable one is null: "Valid ... price is required"); a hidden one is null. */
const price = (shown: boolean, text: string) => {
  const value = parseDecimal(text);
  return shown && Number.isFinite(value) ? value : null;
};

export function toManualOrderBody(values: ManualOrderFormValues, signal: Signal) {
  return {
    portion: values.portion,
    trade_type: values.trade_type,
    order_type: values.order_type,
    limit_price: price(showsLimitPrice(values.order_type), values.limit_price),
    trigger_price: price(showsTriggerPrice(values.order_type), values.trigger_price),
    algo_id: signal.algo_id,
    instrument_symbol: signal.instrument_symbol,
    signal_id: signal.signal_id,
    trade_direction: signal.trade_direction,
    trade_exchange: signal.exchange,
    entry_level: signal.entry_level,
    stop_loss_level: signal.stop_loss_level,
  };
}

export const manualOrderFormSchema = (side: ManualOrderSide, signal: Signal) =>
  z.preprocess(
    (values: ManualOrderFormValues) => toManualOrderBody(values, signal),
    side === 'entry' ? manualEntryBodySchema : manualExitBodySchema,
  );
