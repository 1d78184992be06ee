/**
 * The login form's validation: the shared schema (zod/mini) the server checks the body with. Gives
 * the body to send (the email trimmed) or each invalid field's first message.
 */
import { safeParse } from 'zod/mini';
import { loginBodySchema, type LoginBody } from '@shared/schemas/login';

export type LoginErrors = Partial<Record<keyof LoginBody, string>>;

export function checkLogin(input: LoginBody): { body: LoginBody; errors?: undefined } | { errors: LoginErrors } {
  const result = safeParse(loginBodySchema, input);
  if (result.success) return { body: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginBody;
    errors[field] ??= issue.message;
  }
  return { errors };
}
