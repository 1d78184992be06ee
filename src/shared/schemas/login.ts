import * as mini from 'zod/mini';

/**
 * The login body, in zod/mini: it is the one schema the login page loads, and zod/mini's chunk
 * evaluates in a quarter of the time zod's full API takes, which a phone pays as the page takes over.
 * zod/mini loads no locale, so every check carries its own message.
 */
export const loginBodySchema = mini.object({
  email: mini.pipe(
    mini.string().check(mini.trim(), mini.minLength(1, 'Email is required'), mini.maxLength(254, 'Email is too long')),
    mini.email('Enter a valid email'),
  ),
  password: mini
    .string()
    .check(mini.minLength(1, 'Password is required'), mini.maxLength(1024, 'Password is too long')),
  /** The ALTCHA payload (base64 JSON) produced by the widget. */
  captcha: mini.optional(mini.string().check(mini.maxLength(8192, 'Captcha is too long'))),
});
export type LoginBody = mini.infer<typeof loginBodySchema>;
