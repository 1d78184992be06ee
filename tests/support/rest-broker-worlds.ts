/**
 * The brokers reached through local servers speaking JSON (Fyers, Upstox), as the tests that run the
 * same story on each of them (daily login, live entry and exit) need them: how to start the local
 * broker and configure the server for it, and the broker's own words.
 */
import { startFakeFyers, type FakeFyers } from './fake-fyers';
import { startFakeUpstox, type FakeUpstox } from './fake-upstox';

export interface RestBrokerWorld {
  broker: 'fyers' | 'upstock';
  label: string;
  start(redirectUrl: string): Promise<{ fake: FakeFyers | FakeUpstox; env: Record<string, string> }>;
  fundsPath: string;
  /** The access token an Authorization header carries. */
  tokenOf(authorization: string): string;
  /** The broker's refusal of a spent auth code: its answer and the words the member reads. */
  spentCode: { answer: { status: number; body: unknown }; message: string };
  /** How the broker names delivery (CNC) orders. */
  delivery: string;
}

export const REST_BROKER_WORLDS: RestBrokerWorld[] = [
  {
    broker: 'fyers',
    label: 'Fyers',
    async start(redirectUrl) {
      const fake = await startFakeFyers();
      fake.setRedirectUrl(redirectUrl);
      return { fake, env: { FYERS_APP_ID: fake.appId, FYERS_SECRET_KEY: fake.secret, FYERS_REDIRECT_URL: redirectUrl, FYERS_API_ROOT: fake.root } };
    },
    fundsPath: '/api/v3/funds',
    tokenOf: (authorization) => authorization.split(':')[1]!,
    spentCode: { answer: { status: 400, body: { s: 'error', code: -413, message: 'Invalid auth code' } }, message: 'Invalid auth code' },
    delivery: 'CNC',
  },
  {
    broker: 'upstock',
    label: 'Upstox',
    async start(redirectUrl) {
      const fake = await startFakeUpstox();
      fake.setRedirectUrl(redirectUrl);
      const env = { UPSTOX_API_KEY: fake.apiKey, UPSTOX_API_SECRET: fake.apiSecret, UPSTOX_REDIRECT_URL: redirectUrl, UPSTOX_API_ROOT: fake.root, UPSTOX_INSTRUMENTS_URL: fake.instrumentsUrl };
      return { fake, env };
    },
    fundsPath: '/v2/user/get-funds-and-margin',
    tokenOf: (authorization) => authorization.replace(/^Bearer /, ''),
    spentCode: { answer: { status: 400, body: { status: 'error', errors: [{ errorCode: 'UDAPI100057', message: 'Invalid Auth code' }] } }, message: 'Invalid Auth code' },
    delivery: 'D',
  },
];
