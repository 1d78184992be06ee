import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from '@client/features/auth/api/login';
import { HttpError, OfflineError } from '@client/lib/api';

describe('login toasts (spec section 8)', () => {
  it('maps each answer to its message', () => {
    expect(loginErrorMessage(new HttpError(400, '{"error":"Invalid captcha"}'))).toBe(
      'Invalid captcha, please try again',
    );
    expect(loginErrorMessage(new HttpError(401, '{"error":"Invalid credentials"}'))).toBe('Invalid credentials');
    expect(loginErrorMessage(new HttpError(429, '{"error":"Too many login attempts, try again in 15 minutes"}'))).toBe(
      'Too many login attempts, try again in 15 minutes',
    );
    expect(loginErrorMessage(new HttpError(429, 'Slow down'))).toBe('Slow down');
    expect(loginErrorMessage(new HttpError(500, 'oops'))).toBe('Invalid login');
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Invalid login');
    expect(loginErrorMessage(new OfflineError())).toBe('Offline');
  });
});
