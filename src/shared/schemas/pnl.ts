/** The member's P&L summary: GET /api/account-pnl. */
import { z } from 'zod';
import { PNL_MAX_DAYS } from '../constants';
import { queryIdSchema } from './ids';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'must be a real date',
  );

export const accountPnlQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional(), adminAccountId: queryIdSchema.optional() })
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
  /** Mark-to-market of the running trades now. */
  unrealized: z.number(),
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
  fy: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'must be a financial year as YYYY-YY, e.g. 2026-27')
    .refine(
      (fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5)),
      'must be two years in a row, e.g. 2026-27',
    )
    .optional(),
  adminAccountId: queryIdSchema.optional(),
});
