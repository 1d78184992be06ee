/**
 * Setting a password: through a one-time set-password link (POST /api/set-password/check and
 * /api/set-password) and in Account Settings (POST /api/account/password). One rule for every
 * password a person chooses, shown next to the field.
 */
import { z } from 'zod';
import { ONE_TIME_TOKEN_PATTERN } from '../one-time-token';

export const PASSWORD_RULE = 'At least 8 characters';

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(1024, 'Password must be at most 1024 characters');

const tokenSchema = z
  .string({ error: 'token is required' })
  .regex(ONE_TIME_TOKEN_PATTERN, 'This link is not valid: open the link from the mail again');

/** The new password typed twice; every schema that spreads these refines with `confirmed`. */
const newPasswordFields = { new_password: newPasswordSchema, confirm_password: z.string().max(1024) };
const confirmed = <T extends { new_password: string; confirm_password: string }>(body: T) =>
  body.new_password === body.confirm_password;
const MISMATCH = { message: 'The two passwords differ', path: ['confirm_password'] };

export const passwordLinkCheckSchema = z.object({ token: tokenSchema });

/** What the set-password page shows: the form for this login, or why the link no longer works. */
export interface PasswordLinkState {
  email: string;
}

export const setPasswordBodySchema = z.object({ token: tokenSchema, ...newPasswordFields }).refine(confirmed, MISMATCH);
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** The form's part of the body (the token comes from the link). */
export const setPasswordFormSchema = z.object(newPasswordFields).refine(confirmed, MISMATCH);

export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024, 'Password must be at most 1024 characters'),
    ...newPasswordFields,
  })
  .refine(confirmed, MISMATCH);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
