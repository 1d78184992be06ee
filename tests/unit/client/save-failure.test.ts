/** A refused save says the server's own reason (issue 46); the action's generic text only without one. */
import { describe, expect, it } from 'vitest';
import { HttpError, OfflineError } from '@client/lib/api';
import { refusalMessage, saveFailureMessage } from '@client/lib/save-failure';
import { serverFieldErrors } from '@client/lib/server-field-errors';

const GENERIC = 'Failed to save algo subscription';
const BAND = 'Max total capital must be between ₹1,32,750.00 and ₹6,63,750.00';

describe('refusalMessage', () => {
  it("shows the server's reason for a 400 or a 409", () => {
    const body = JSON.stringify({ error: BAND, fields: { max_total_capital: BAND } });
    expect(refusalMessage(new HttpError(400, body), GENERIC)).toBe(BAND);
    const limit = 'Algo 1 already has 10 active testers, the limit of 10 (ALGO_TESTERS_MAX): pause one first';
    expect(refusalMessage(new HttpError(409, JSON.stringify({ error: limit })), GENERIC)).toBe(limit);
  });

  it('falls back to the generic text without a reason: a 5xx, a body not JSON, an empty error', () => {
    expect(refusalMessage(new HttpError(500, JSON.stringify({ error: 'Internal error' })), GENERIC)).toBe(GENERIC);
    expect(refusalMessage(new HttpError(400, '<html>bad gateway</html>'), GENERIC)).toBe(GENERIC);
    expect(refusalMessage(new HttpError(400, JSON.stringify({ error: ' ' })), GENERIC)).toBe(GENERIC);
    expect(refusalMessage(new Error('boom'), GENERIC)).toBe(GENERIC);
  });

  it('says Offline when the request was not sent', () => {
    expect(refusalMessage(new OfflineError(), GENERIC)).toBe('Offline');
  });

  it('the fields the refusal names are the ones the forms show it under', () => {
    const body = JSON.stringify({ error: BAND, fields: { max_total_capital: BAND } });
    expect(serverFieldErrors(new HttpError(400, body))).toEqual({ max_total_capital: BAND });
  });
});

describe('saveFailureMessage (a failure text the spec fixes: the public forms, the broker details)', () => {
  it("keeps the spec's text whatever the server said, and says Offline when the request was not sent", () => {
    const body = JSON.stringify({ error: 'Too many submissions, try again in 10 minutes' });
    expect(saveFailureMessage(new HttpError(429, body), 'Failed to register, please try again later')).toBe(
      'Failed to register, please try again later',
    );
    expect(saveFailureMessage(new OfflineError(), 'Failed to register, please try again later')).toBe('Offline');
  });
});

describe('refusalMessage on a refusal about the session', () => {
  it('keeps the generic text for a 401 or 403: "Forbidden" names nothing to change', () => {
    expect(refusalMessage(new HttpError(403, JSON.stringify({ error: 'Forbidden' })), GENERIC)).toBe(GENERIC);
    expect(refusalMessage(new HttpError(401, JSON.stringify({ error: 'Not logged in' })), GENERIC)).toBe(GENERIC);
  });
});
