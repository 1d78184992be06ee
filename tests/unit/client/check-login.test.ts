/** The login form's check: the body the server takes, or each invalid field's first message. */
import { describe, expect, it } from 'vitest';
import { checkLogin } from '@client/features/auth/lib/check-login';

describe('checkLogin', () => {
  it('gives the body to send, the email trimmed', () => {
    expect(checkLogin({ email: ' member@example.com ', password: 'secret', captcha: 'token' })).toEqual({
      body: { email: 'member@example.com', password: 'secret', captcha: 'token' },
    });
  });

  it("names each invalid field once, with the schema's first message for it", () => {
    expect(checkLogin({ email: '', password: '' }).errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(checkLogin({ email: 'not-an-email', password: 'x'.repeat(1025) }).errors).toEqual({
      email: 'Enter a valid email',
      password: 'Password is too long',
    });
  });
});
