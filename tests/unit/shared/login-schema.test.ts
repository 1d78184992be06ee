import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@shared/schemas/login';

/** The first message of each field at fault, as the form and the API's 400 show them. */
function messages(body: unknown): Record<string, string> {
  const result = loginBodySchema.safeParse(body);
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

// This file imports zod/mini alone, as the login page does: no locale is loaded, so a check without
// its own message would read zod's bare "Invalid input".
describe('loginBodySchema (zod/mini, no locale loaded)', () => {
  it('names every failed check in our words', () => {
    expect(messages({ email: '  ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages({ email: 'kavya@', password: 'x' })).toEqual({ email: 'Enter a valid email' });
    expect(
      messages({ email: `${'a'.repeat(250)}@x.in`, password: 'p'.repeat(1025), captcha: 'c'.repeat(8193) }),
    ).toEqual({ email: 'Email is too long', password: 'Password is too long', captcha: 'Captcha is too long' });
  });

  it('passes a good body, trimming the email, with or without a captcha', () => {
    expect(loginBodySchema.parse({ email: ' kavya@example.in ', password: 'secret' })).toEqual({
      email: 'kavya@example.in',
      password: 'secret',
    });
    expect(loginBodySchema.parse({ email: 'kavya@example.in', password: 'secret', captcha: 'abc' })).toMatchObject({
      captcha: 'abc',
    });
  });
});
