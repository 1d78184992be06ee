/**
 * The reasons a protective order's move records that the engine and the member's trade timeline
 * both read (engine/protections.ts writes them, services/trade-timeline.ts words them).
 */

/** Why a protection is `expired` when its day orders lapsed at the close (placed again at the next session's open). */
export const LAPSED_AT_THE_CLOSE = 'lapsed at the close';
/** The reason a lapsed protection is `placing` again at the session's start (the member's timeline says so). */
export const PLACED_FOR_THE_NEW_SESSION = 'placed again for the new session';
