/**
 * Regression (the second outside sweep, finding 4): the broker login's return page showed any
 * sentence its address carried (`?broker_login=failed&broker=zerodha&message=...` in an error
 * toast), a phishing aid. Now the server's way back carries a code (`reason`), never words, and
 * the page maps code and broker to the product's own texts (shared/broker-login-outcome.ts): for
 * any address whatsoever, the text shown is one of a fixed, finite set. The page itself is
 * checked in Chromium by tests/e2e/broker-login.spec.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_LOGIN_FAILURES, brokerLoginConnectedText, brokerLoginFailureText } from '@shared/broker-login-outcome';
import { ADMIN_BROKERS } from '@shared/constants';
import { createWorld, send, type World } from './support/world';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

/** Every text the return page can show. */
const TEXTS = new Set(
  [...ADMIN_BROKERS, 'anything-else'].flatMap((broker) => [
    brokerLoginConnectedText(broker),
    brokerLoginFailureText(broker, undefined),
    ...BROKER_LOGIN_FAILURES.map((reason) => brokerLoginFailureText(broker, reason)),
  ]),
);

describe("the broker login's way back", () => {
  it('sends a code, never words: the broker, the outcome and a known reason only', async () => {
    const member = w.clients.member;
    const back = async (query: string) => {
      const res = await send(member, 'GET', `/api/brokers/zerodha/callback?${query}`);
      expect(res.status).toBe(303);
      return new URL(res.headers.get('location')!, 'http://localhost');
    };
    // A login never started here, with a sentence planted in the query.
    const planted = await back(
      'status=success&request_token=x&state=unknown&message=Zerodha+suspended+your+account&reason=Call+us',
    );
    expect(Object.fromEntries(planted.searchParams)).toEqual({
      broker_login: 'failed',
      broker: 'zerodha',
      reason: 'not_started',
    });

    // A login started here that Kite then refuses (its API is a closed port): the error's words stay in the log.
    const started = await send(member, 'GET', '/api/brokers/zerodha/login-url');
    const state = new URL((started.json as { url: string }).url).searchParams.get('redirect_params');
    const stateValue = new URLSearchParams(state ?? '').get('state') ?? '';
    const refused = await back(`status=success&request_token=planted&state=${encodeURIComponent(stateValue)}`);
    expect(Object.fromEntries(refused.searchParams)).toEqual({
      broker_login: 'failed',
      broker: 'zerodha',
      reason: 'refused',
    });
    expect(w.t.logLines.some((l) => l.includes('"broker login refused"'))).toBe(true);
  });

  it('the page shows one of its own texts for any address (2,000 generated ones)', () => {
    expect(TEXTS.size).toBeGreaterThan(40);
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (broker, reason) => {
        const failure = brokerLoginFailureText(broker ?? undefined, reason ?? undefined);
        const connected = brokerLoginConnectedText(broker ?? undefined);
        return TEXTS.has(failure) && TEXTS.has(connected);
      }),
      { numRuns: 2000 },
    );
    const phishing = 'Zerodha suspended your account. Call support at +91 90000 00000';
    expect(brokerLoginFailureText('zerodha', phishing)).toBe('Zerodha login failed');
    expect(brokerLoginFailureText(phishing, 'used')).toBe('This Broker login was already used: connect again');
  });
});
