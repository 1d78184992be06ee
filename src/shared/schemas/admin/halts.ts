/** Kill switches: halting all trading or one account's, and resuming it. */
import { z } from 'zod';

/** POST /api/admin/halt and POST /api/admin/accounts/{id}/halt */
export const haltBodySchema = z.object({
  reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason is too long'),
  /** Also close running trades at market, not only stop new entries. */
  square_off: z.boolean().default(false),
});
export type HaltBody = z.input<typeof haltBodySchema>;

/** An active halt: of all trading (account_id null) or of one account. */
export const haltSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int().nullable(),
  reason: z.string(),
  square_off: z.boolean(),
  /** Who halted (their email), null when that user is gone. */
  halted_by: z.string().nullable(),
  halted_at: z.string(),
});
export type Halt = z.infer<typeof haltSchema>;
