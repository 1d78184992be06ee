/** The member's P&L summary: GET /api/account-pnl. */
import { z } from 'zod';
import { PNL_MAX_DAYS } from '../constants';
import { financialYearInRange, isoDateInRange } from '../date-range';
import { queryIdSchema } from './ids';

export const accountPnlQuerySchema = z
  .object({
    from: isoDateInRange('from', 'a date as YYYY-MM-DD').optional(),
    to: isoDateInRange('to', 'a date as YYYY-MM-DD').optional(),
    adminAccountId: queryIdSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < PNL_MAX_DAYS, {
    message: `the range may span at most ${PNL_MAX_DAYS} days`,
    path: ['to'],
  });
export type AccountPnlQuery = z.infer<typeof accountPnlQuerySchema>;

const amounts = { realized: z.number(), charges: z.number(), net: z.number() };

export const accountPnlSchema = z.object({
  from: z.string(),
  to: z.string(),
  ...amounts,
  /** Mark-to-market of the running trades now (those whose MTM is known). */
  unrealized: z.number(),
  /**
   * Running trades left out of `unrealized`: live trades without a fresh price from their broker
   * (their MTM is unknown, never invented).
   */
  unpriced_trades: z.number().int(),
  /** Trades with an exit in the range; a win or a loss by their realised P&L less charges in it. */
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  by_day: z.array(z.object({ date: z.string(), ...amounts })),
  by_algo: z.array(
    z.object({
      algo_id: z.number().int().nullable(),
      algo_desc: z.string().nullable(),
      ...amounts,
      trades: z.number().int(),
    }),
  ),
});
export type AccountPnl = z.infer<typeof accountPnlSchema>;

/** GET /api/account-tax-statement: an Indian financial year as "2026-27" (default: the current one). */
export const taxStatementQuerySchema = z.object({
  fy: financialYearInRange('fy').optional(),
  adminAccountId: queryIdSchema.optional(),
});
