/**
 * Setting a password: through a one-time set-password link (POST /api/set-password/check and
 * /api/set-password) and in Account Settings (POST /api/account/password). One rule for every
 * password a person chooses, shown next to the field.
 */
import { z } from 'zod';

export const PASSWORD_RULE = 'At least 8 characters';

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(1024, 'Password must be at most 1024 characters');

/** The link's token: 32 random bytes, base64url. */
const tokenSchema = z
  .string({ error: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid: open the link from the mail again');

const confirmed = <T extends { new_password: string; confirm_password: string }>(body: T) =>
  body.new_password === body.confirm_password;
const MISMATCH = { message: 'The two passwords differ', path: ['confirm_password'] };

export const passwordLinkCheckSchema = z.object({ token: tokenSchema });

/** What the set-password page shows: the form for this login, or why the link no longer works. */
export const passwordLinkStateSchema = z.object({ email: z.string() });
export type PasswordLinkState = z.infer<typeof passwordLinkStateSchema>;

export const setPasswordBodySchema = z
  .object({ token: tokenSchema, new_password: newPasswordSchema, confirm_password: z.string().max(1024) })
  .refine(confirmed, MISMATCH);
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** The form's part of the body (the token comes from the link). */
export const setPasswordFormSchema = z
  .object({ new_password: newPasswordSchema, confirm_password: z.string().max(1024) })
  .refine(confirmed, MISMATCH);
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024, 'Password must be at most 1024 characters'),
    new_password: newPasswordSchema,
    confirm_password: z.string().max(1024),
  })
  .refine(confirmed, MISMATCH);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
