/**
 * The protective order's state machine (`protections.state`, docs/engine.md, "Protective orders at
 * the broker"). A protection is written `placing` in the transaction that books its trade's entry
 * fill (protections.ts); the broker's answers move it from there, and only the engine moves it:
 *
 *   placing    -> active | rejected | cancelled (the trade closed before it was placed)
 *   active     -> modifying (new levels, a new quantity) | cancelling | triggered
 *                 | expired | disabled | cancelled (withdrawn at the broker)
 *                 | failed (triggered, but the broker could not place its order: engine/stop-failures.ts)
 *   modifying  -> active | triggered | cancelling | cancelled | failed
 *   cancelling -> cancelled | triggered (a leg executed before the cancel arrived) | failed
 *   triggered  -> done (the executed leg's fill booked as the trade's exit)
 *   expired, disabled -> placing (placed again; a delivery position's day orders that lapsed at
 *                 the close, `expired` "lapsed at the close", at the next session's first tick) | cancelled
 *   cancelled  -> placing (Trabot cancelled it for an exit of its own that left shares open: a
 *                 partial Manual Exit; placed again for what remains)
 *   done, rejected, failed: final (a failed one is not placed again: Trabot exits at the levels itself)
 */
import type { StateTable } from './table';

export const PROTECTION_STATES = [
  'placing',
  'active',
  'modifying',
  'cancelling',
  'cancelled',
  'triggered',
  'done',
  'rejected',
  'expired',
  'disabled',
  'failed',
] as const;
export type ProtectionRowState = (typeof PROTECTION_STATES)[number];

const ENGINE = ['engine'] as const;

export const PROTECTION_MOVES: StateTable<ProtectionRowState> = {
  placing: { active: ENGINE, rejected: ENGINE, cancelled: ENGINE },
  active: {
    modifying: ENGINE,
    cancelling: ENGINE,
    triggered: ENGINE,
    expired: ENGINE,
    disabled: ENGINE,
    cancelled: ENGINE,
    failed: ENGINE,
  },
  modifying: { active: ENGINE, triggered: ENGINE, cancelling: ENGINE, cancelled: ENGINE, failed: ENGINE },
  cancelling: { cancelled: ENGINE, triggered: ENGINE, failed: ENGINE },
  triggered: { done: ENGINE },
  expired: { placing: ENGINE, cancelled: ENGINE },
  disabled: { placing: ENGINE, cancelled: ENGINE },
  cancelled: { placing: ENGINE },
  done: {},
  rejected: {},
  failed: {},
};

/** Protections that may have orders resting at the broker, or may get some: they are followed. */
export const LIVE_PROTECTION_STATES: ProtectionRowState[] = ['placing', 'active', 'modifying', 'cancelling'];

/** Protections resting at the broker (or executed there): the trade's levels are the broker's to act on. */
export const RESTING_PROTECTION_STATES: ProtectionRowState[] = ['active', 'modifying', 'triggered'];

/** A trade whose protection is in one of these may not get an exit from Trabot (it would be a second one). */
export const EXIT_BLOCKING_STATES: ProtectionRowState[] = [...LIVE_PROTECTION_STATES, 'triggered'];
