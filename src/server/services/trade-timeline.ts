/**
 * A trade's story as a list of steps, from the stored rows alone (no database, no clock): the
 * signal's events (received, approved by whom, levels moved, manual orders, expiry), each order
 * the engine sent (placed, then rejected or cancelled) and each fill with its price and charges.
 * A fill is matched to its order by the broker's order number; fills of orders the engine did not
 * send (older trades, the demo) still show, as plain entries and exits; the protective orders at
 * the broker, each placement, modification, cancel and execution. And the P&L after charges,
 * as the P&L summary defines it (account-pnl.ts).
 */
import { brokerLabel } from '@shared/format';
import { LEVEL_FIELDS, type LevelField, type TimelineItem, type TimelineKind } from '@shared/schemas/trade-detail';
import type { orderLegs, protectionEvents, signalEvents, signals, tradeEntries, tradeExits } from '../db/schema';
import { round2 } from '../trading/money';
import { PLACED_FOR_THE_NEW_SESSION } from '@shared/protection-reasons';
import { stopOrderOf } from '../brokers/stop-protection';

type EventRow = Pick<typeof signalEvents.$inferSelect, 'at' | 'kind' | 'user_name' | 'details'>;
type LegRow = Pick<
  typeof orderLegs.$inferSelect,
  | 'side'
  | 'source'
  | 'client_order_id'
  | 'order_type'
  | 'quantity'
  | 'limit_price'
  | 'trigger_price'
  | 'state'
  | 'broker_order_id'
  | 'filled_quantity'
  | 'average_price'
  | 'reason'
  | 'created_at'
  | 'updated_at'
>;
/** `charges`: the leg's charges summed by the database (a generated column). */
type EntryRow = Pick<
  typeof tradeEntries.$inferSelect,
  'trade_entry_quantity' | 'trade_entry_price' | 'trade_entry_timestamp' | 'order_id' | 'charges'
>;
type ExitRow = Pick<
  typeof tradeExits.$inferSelect,
  'trade_exit_quantity' | 'trade_exit_price' | 'trade_exit_timestamp' | 'order_id' | 'charges'
>;

/** The step of an exit still open after every modification toward the market (spec: issue 24). */
export const EXIT_PENDING_TITLE = 'Exit pending at the broker';

/** A move of the trade's protective orders at its broker (protection_events), with the broker's name. */
type ProtectionEventRow = Pick<
  typeof protectionEvents.$inferSelect,
  'at' | 'from_state' | 'state' | 'broker_protection_id' | 'quantity' | 'stop' | 'target' | 'executed_leg' | 'reason'
> & { broker: string };

export interface TimelineInput {
  signal: Pick<typeof signals.$inferSelect, 'created_at' | 'source'> | null;
  events: readonly EventRow[];
  legs: readonly LegRow[];
  entries: readonly EntryRow[];
  exits: readonly ExitRow[];
  /** Absent for trades without protective orders (paper, older trades). */
  protectionEvents?: readonly ProtectionEventRow[];
  /** The exit chase (engine/exit-chase.ts): each modification toward the market, and the escalations. */
  chase?: readonly ChaseStep[];
}

/** A modification of an exit toward the market (an order record), or its escalation (pending: true). */
export interface ChaseStep {
  at: Date;
  pending: boolean;
  client_order_id: string | null;
  order_id: string | null;
  quantity: number | null;
  price: number | null;
  note: string | null;
}

/** Realised on the exits against the average entry (reversed for a short), all charges, and realised less charges. */
export function tradePnl(
  trade: { trade_direction: string; avg_entry_price: number | null },
  entries: readonly EntryRow[],
  exits: readonly ExitRow[],
): { realized: number; charges: number; net: number } {
  const sign = trade.trade_direction === 'short' ? -1 : 1;
  const realized =
    trade.avg_entry_price === null
      ? 0
      : exits.reduce((sum, x) => sum + (x.trade_exit_price - trade.avg_entry_price!) * x.trade_exit_quantity * sign, 0);
  const charges = [...entries, ...exits].reduce((sum, leg) => sum + leg.charges, 0);
  return { realized: round2(realized), charges: round2(charges), net: round2(realized - charges) };
}

const LEG_LABELS: Record<LegRow['source'], Record<LegRow['side'], string>> = {
  signal: { entry: 'Entry', exit: 'Exit' },
  manual: { entry: 'Manual entry', exit: 'Manual exit' },
  target: { entry: 'Entry', exit: 'Target exit' },
  stop_loss: { entry: 'Entry', exit: 'Stop-loss exit' },
  square_off: { entry: 'Entry', exit: 'Square-off' },
  protection: { entry: 'Entry', exit: 'Exit at the broker' },
};
const legLabel = (leg: Pick<LegRow, 'side' | 'source'>) => LEG_LABELS[leg.source][leg.side];

const LEVEL_NAMES: Record<LevelField, string> = {
  entry_level: 'Entry',
  stop_loss_level: 'Stop-loss',
  target_level: 'Target',
};

/** Steps happening at the same instant keep the story's order. */
const RANK: Record<TimelineKind, number> = {
  signal_received: 0,
  signal_approved: 1,
  signal_rejected: 1,
  levels_changed: 2,
  manual_entry: 3,
  manual_exit: 3,
  signal_expired: 4,
  signal_cancelled: 4,
  order_placed: 5,
  order_filled: 6,
  order_rejected: 7,
  order_cancelled: 7,
  protection: 6,
};

const blank = {
  by: null,
  client_order_id: null,
  order_id: null,
  order_type: null,
  quantity: null,
  price: null,
  charges: null,
  changes: [],
  note: null,
} satisfies Omit<TimelineItem, 'at' | 'kind' | 'title'>;

const step = (at: Date, kind: TimelineKind, title: string, fields: Partial<TimelineItem> = {}): TimelineItem => ({
  ...blank,
  at: at.toISOString(),
  kind,
  title,
  ...fields,
});

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function levelsStep(event: EventRow): TimelineItem {
  const details = event.details ?? {};
  const changes = LEVEL_FIELDS.flatMap((field) => {
    const change = details[field] as { from?: unknown; to?: unknown } | undefined;
    const from = num(change?.from);
    const to = num(change?.to);
    return from === null || to === null ? [] : [{ field, from, to }];
  });
  const status = details.trade_status as { from?: unknown; to?: unknown } | undefined;
  const title =
    changes.length === 1
      ? `${LEVEL_NAMES[changes[0]!.field]} moved`
      : changes.length
        ? 'Levels changed'
        : 'Signal status changed';
  const note = status ? `Signal status ${text(status.from)} → ${text(status.to)}` : null;
  return step(event.at, 'levels_changed', title, { by: event.user_name, changes, note });
}

function eventStep(event: EventRow, source: string): TimelineItem {
  const details = event.details ?? {};
  const by = event.user_name;
  switch (event.kind) {
    case 'received':
      return step(event.at, 'signal_received', 'Signal received', {
        by,
        note: source === 'webhook' ? "From the algo's webhook" : 'Added by hand (Add Signal)',
      });
    case 'approved':
      return step(event.at, 'signal_approved', 'Approved', {
        by,
        note:
          details.auto === true
            ? 'Approved by the algo itself (auto approval)'
            : details.via === 'edit_levels'
              ? 'Approved in Edit Levels'
              : null,
      });
    case 'rejected':
      return step(event.at, 'signal_rejected', 'Rejected', { by });
    case 'levels_changed':
      return levelsStep(event);
    case 'manual_entry':
    case 'manual_exit': {
      const portion = num(details.portion);
      return step(
        event.at,
        event.kind,
        event.kind === 'manual_entry' ? 'Manual entry ordered' : 'Manual exit ordered',
        {
          by,
          order_type: text(details.order_type),
          price: num(details.limit_price) ?? num(details.trigger_price),
          note: portion === null ? null : `${round2(portion * 100)}% of the position`,
        },
      );
    }
    case 'expired':
      return step(event.at, 'signal_expired', 'Signal expired unapproved', { by });
    case 'cancelled':
      return step(event.at, 'signal_cancelled', 'Signal cancelled', { by, note: text(details.reason) });
  }
}

function legSteps(leg: LegRow, booked: boolean): TimelineItem[] {
  const label = legLabel(leg);
  const order = { client_order_id: leg.client_order_id, order_id: leg.broker_order_id, order_type: leg.order_type };
  const steps = [
    step(leg.created_at, 'order_placed', `${label} order placed`, {
      ...order,
      quantity: leg.quantity,
      price: leg.limit_price ?? leg.trigger_price,
    }),
  ];
  // A fill the engine recorded on the leg but not (yet) as an entry or exit row.
  if (leg.state === 'filled' && !booked)
    steps.push(
      step(leg.updated_at, 'order_filled', `${label} filled`, {
        ...order,
        quantity: leg.filled_quantity,
        price: leg.average_price,
      }),
    );
  if (leg.state === 'rejected')
    steps.push(step(leg.updated_at, 'order_rejected', `${label} order rejected`, { ...order, note: leg.reason }));
  if (leg.state === 'cancelled')
    steps.push(
      step(leg.updated_at, 'order_cancelled', `${label} order cancelled`, {
        ...order,
        quantity: leg.quantity - leg.filled_quantity,
        note: leg.reason,
      }),
    );
  return steps;
}

/** A move of the protective orders as a step; null for the moves that tell nothing (placing again). */
export function protectionStep(e: ProtectionEventRow): TimelineItem | null {
  const broker = brokerLabel(e.broker);
  const levels = { quantity: e.quantity, order_id: e.broker_protection_id };
  // A stop resting alone (a delivery position at a broker without an OCO for it): the target is Trabot's.
  const stopOnly = stopOrderOf(e.broker_protection_id ?? '') !== null;
  const what = stopOnly ? 'Stop-loss' : 'Stop-loss and target';
  const terms = stopOnly
    ? `stop-loss ${e.stop}; target ${e.target} watched by Trabot on ${broker}'s price`
    : `stop-loss ${e.stop}, target ${e.target}`;
  switch (e.state) {
    case 'active':
      if (e.from_state === 'placing' && e.reason === PLACED_FOR_THE_NEW_SESSION)
        return step(e.at, 'protection', `${what} ${PLACED_FOR_THE_NEW_SESSION} at ${broker}`, {
          ...levels,
          note: terms,
        });
      return e.from_state === 'placing'
        ? step(e.at, 'protection', `${what} resting at ${broker}`, { ...levels, note: terms })
        : step(e.at, 'protection', `Protective orders modified at ${broker}`, { ...levels, note: terms });
    case 'cancelled':
      return step(e.at, 'protection', `Protective orders cancelled at ${broker}`, { ...levels, note: e.reason });
    case 'triggered':
      return step(
        e.at,
        'protection',
        `${e.executed_leg === 'target' ? 'Target' : 'Stop-loss'} executed by ${broker}'s trigger`,
        { ...levels, note: 'The exit was made at the broker, not by Trabot' },
      );
    case 'rejected':
      return step(e.at, 'protection', `${broker} refused the protective orders`, {
        ...levels,
        note: `${e.reason ?? 'refused'}; Trabot watches the levels itself`,
      });
    case 'expired':
    case 'disabled':
      return step(e.at, 'protection', `Protective orders ${e.state} at ${broker}`, { ...levels, note: e.reason });
    case 'failed':
      return step(
        e.at,
        'protection',
        `${e.executed_leg === 'target' ? 'Target' : 'Stop-loss'} failed at ${broker}: its order was not placed`,
        { ...levels, note: `${e.reason ?? 'failed'}; Trabot watches the levels itself` },
      );
    case 'placing':
    case 'modifying':
    case 'cancelling':
    case 'done':
      return null;
  }
}

/** The trade's steps, oldest first. */
export function buildTimeline(input: TimelineInput): TimelineItem[] {
  const { signal, events, legs, entries, exits } = input;
  const steps: TimelineItem[] = [];
  if (signal) {
    // Signals older than their history still tell where they came from.
    if (!events.some((e) => e.kind === 'received'))
      steps.push(eventStep({ at: signal.created_at, kind: 'received', user_name: null, details: null }, signal.source));
    steps.push(...events.map((e) => eventStep(e, signal.source)));
  }
  const legOf = (side: LegRow['side'], orderId: string | null) =>
    orderId === null ? undefined : legs.find((l) => l.side === side && l.broker_order_id === orderId);
  const fills = [
    ...entries.map((e) => ({
      side: 'entry' as const,
      at: e.trade_entry_timestamp,
      quantity: e.trade_entry_quantity,
      price: e.trade_entry_price,
      row: e,
    })),
    ...exits.map((x) => ({
      side: 'exit' as const,
      at: x.trade_exit_timestamp,
      quantity: x.trade_exit_quantity,
      price: x.trade_exit_price,
      row: x,
    })),
  ];
  const booked = new Set<LegRow>();
  for (const fill of fills) {
    const leg = legOf(fill.side, fill.row.order_id);
    if (leg) booked.add(leg);
    steps.push(
      step(fill.at, 'order_filled', `${leg ? legLabel(leg) : fill.side === 'entry' ? 'Entry' : 'Exit'} filled`, {
        client_order_id: leg?.client_order_id ?? null,
        order_id: fill.row.order_id,
        order_type: leg?.order_type ?? null,
        quantity: fill.quantity,
        price: fill.price,
        charges: round2(fill.row.charges),
      }),
    );
  }
  for (const leg of legs) steps.push(...legSteps(leg, booked.has(leg)));
  for (const e of input.protectionEvents ?? []) {
    const s = protectionStep(e);
    if (s) steps.push(s);
  }
  for (const c of input.chase ?? [])
    steps.push(
      step(c.at, 'order_placed', c.pending ? EXIT_PENDING_TITLE : 'Exit modified toward the market', {
        client_order_id: c.client_order_id,
        order_id: c.order_id,
        order_type: c.pending ? null : 'limit',
        quantity: c.quantity,
        price: c.price,
        note: c.note,
      }),
    );
  return steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.at.localeCompare(b.s.at) || RANK[a.s.kind] - RANK[b.s.kind] || a.i - b.i)
    .map(({ s }) => s);
}
