/**
 * One trade's story, GET /api/account-trades/{tradeId}: the trade, its algo and signal,
 * the timeline from the signal's arrival to the last exit, and its P&L after charges.
 */
import { z } from 'zod';
import { tradeSchema } from './trades';

export const TIMELINE_KINDS = [
  'signal_received',
  'signal_approved',
  'signal_rejected',
  'levels_changed',
  'manual_entry',
  'manual_exit',
  'signal_expired',
  'signal_cancelled',
  'order_placed',
  'order_filled',
  'order_rejected',
  'order_cancelled',
  /** The trade's stop-loss and target resting at the broker: placed, modified, cancelled, executed, refused. */
  'protection',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const LEVEL_FIELDS = ['entry_level', 'stop_loss_level', 'target_level'] as const;
export type LevelField = (typeof LEVEL_FIELDS)[number];

/** A step of the timeline; the fields a step has nothing for are null. */
export const timelineItemSchema = z.object({
  /** ISO timestamp */
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** In words, e.g. "Approved", "Target exit filled". */
  title: z.string(),
  /** The person who did it (a name as it was then); null for the engine or a webhook. */
  by: z.string().nullable(),
  /** The order's tag at the broker ("TB12L3"). */
  client_order_id: z.string().nullable(),
  /** The broker's order number. */
  order_id: z.string().nullable(),
  order_type: z.string().nullable(),
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  /** A fill's charges (all of them, rupees). */
  charges: z.number().nullable(),
  /** Levels moved, from and to. */
  changes: z.array(z.object({ field: z.enum(LEVEL_FIELDS), from: z.number(), to: z.number() })),
  /** Anything else in words: a rejection's reason, a status change, the source of a signal. */
  note: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const tradeDetailSchema = z.object({
  trade: tradeSchema,
  algo_desc: z.string().nullable(),
  signal: z
    .object({
      signal_id: z.number().int(),
      source: z.enum(['manual', 'webhook']),
      entry_level: z.number(),
      stop_loss_level: z.number(),
      target_level: z.number(),
    })
    .nullable(),
  /** Oldest first. */
  timeline: z.array(timelineItemSchema),
  /** Realised on the exits against the average entry, all entries' and exits' charges, and realised less charges. */
  pnl: z.object({ realized: z.number(), charges: z.number(), net: z.number() }),
});
export type TradeDetail = z.infer<typeof tradeDetailSchema>;
