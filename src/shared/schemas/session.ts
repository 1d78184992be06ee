import { z } from 'zod';
import { ROLES } from '../constants';

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  member_id: z.number().int().nullable(),
  account_id: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const checkSessionResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), user: sessionUserSchema }),
  z.object({ status: z.literal('error') }),
]);
export type CheckSessionResponse = z.infer<typeof checkSessionResponseSchema>;
