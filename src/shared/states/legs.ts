/**
 * The order leg's state machine (`order_legs.state`, docs/engine.md, "Order legs"). A leg is
 * written `sending` before its broker is called (new-legs.ts); the broker's answers move it from
 * there, and only the engine moves it:
 *
 *   new, sending -> open | filled | cancelled | rejected
 *   open         -> open (a partial fill, a new order id) | filled | cancelled | rejected
 *   filled, cancelled, rejected: final
 */
import type { StateTable } from './table';

export const ORDER_LEG_STATES = ['new', 'sending', 'open', 'filled', 'cancelled', 'rejected'] as const;
export type OrderLegState = (typeof ORDER_LEG_STATES)[number];

const ENGINE = ['engine'] as const;

export const LEG_MOVES: StateTable<OrderLegState> = {
  new: { open: ENGINE, filled: ENGINE, cancelled: ENGINE, rejected: ENGINE },
  sending: { open: ENGINE, filled: ENGINE, cancelled: ENGINE, rejected: ENGINE },
  open: { open: ENGINE, filled: ENGINE, cancelled: ENGINE, rejected: ENGINE },
  filled: {},
  cancelled: {},
  rejected: {},
};

/** Legs in these states have an order at the broker, or may have: they are followed until they settle. */
export const UNSETTLED_LEG_STATES: OrderLegState[] = ORDER_LEG_STATES.filter(
  (state) => Object.keys(LEG_MOVES[state]).length > 0,
);
