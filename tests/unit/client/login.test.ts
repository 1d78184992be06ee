import { afterEach, describe, expect, it, vi } from 'vitest';
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
  });

  afterEach(() => vi.restoreAllMocks());

  it('says "Offline" only when the browser is offline; a thrown login while online is "Invalid login"', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    onLine.mockReturnValue(false);
    expect(loginErrorMessage(new OfflineError())).toBe('Offline');
    // Online, but no answer from the server (refused, timed out, a restart): the spec's thrown error.
    onLine.mockReturnValue(true);
    expect(loginErrorMessage(new OfflineError())).toBe('Invalid login');
  });
});
