/** Logs, warnings and tokens (spec sections 2, 3, 7, 9). */
import { z } from 'zod';
import { LOG_LINE_CHOICES } from '../../constants';

/** GET /api/logs?search=&lines=[&static=1]: request lines for static files only with static=1. */
export const logsQuerySchema = z.object({
  search: z.string().max(200).default(''),
  static: z.enum(['0', '1']).default('0'),
  lines: z.coerce
    .number()
    .refine(
      (n) => (LOG_LINE_CHOICES as readonly number[]).includes(n),
      `lines must be one of ${LOG_LINE_CHOICES.join(', ')}`,
    )
    .default(50),
});
export const logsResponseSchema = z.object({ lines: z.array(z.string()) });

export const warningSchema = z.object({
  warning_id: z.number().int(),
  warning_message: z.string(),
  warning_data: z.string().nullable(),
  warning_timestamp: z.string(),
  delete_ind: z.boolean(),
});
export type Warning = z.infer<typeof warningSchema>;

export const warningsQuerySchema = z.object({
  showDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** GET /api/admin/tokens: every token name with its display value (secrets masked). */
export const tokensResponseSchema = z.record(z.string(), z.string());
