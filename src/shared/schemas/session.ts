import { z } from 'zod';
import { ROLES } from '../constants';

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email')),
  password: z.string().min(1, 'Password is required').max(1024),
  /** The ALTCHA payload (base64 JSON) produced by the widget. */
  captcha: z.string().max(8192).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

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
