/**
 * Builds the client (unless E2E_SKIP_BUILD=1) and starts one real server for the whole run, with a
 * temporary data folder and the fixed demo logins; E2E_BASE_URL tells the tests where it is.
 * E2E_BASE_URL set by the caller means "use that running server" instead. A local Kite server
 * stands in for Zerodha (E2E_KITE_ROOT), the server configured with it.
 */
import { spawnSync } from 'node:child_process';
import { startFakeKite } from '../../support/fake-kite';
import { startAppServer } from './app-server';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  // Zerodha's side of the daily login: a local server speaking Kite's wire format and login page.
  const kite = await startFakeKite();
  const server = await startAppServer({
    KITE_API_KEY: kite.apiKey,
    KITE_API_SECRET: kite.apiSecret,
    KITE_API_ROOT: kite.root,
    KITE_LOGIN_URL: kite.loginUrl,
    // Accounts trade live only when a superadmin sets them live (readiness.spec shows one's order address).
    LIVE_TRADING: '1',
    BROKER_SOURCE_ADDRESS: '127.0.0.2',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_KITE_ROOT = kite.root;
  return async () => {
    await server.stop();
    await kite.close();
  };
}
