/**
 * Builds the client (unless E2E_SKIP_BUILD=1) and starts one real server for the whole run, with a
 * temporary data folder and the fixed demo logins; E2E_BASE_URL tells the tests where it is.
 * E2E_BASE_URL set by the caller means "use that running server" instead. A local Kite server
 * stands in for Zerodha (E2E_KITE_ROOT), the server configured with it; a local Dhan for Dhan,
 * reached with an individual API key (one Dhan client: dhan-access.spec).
 */
import { spawnSync } from 'node:child_process';
import { startFakeDhan } from '../../support/fake-dhan';
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
  // Dhan's: its API and consent pages, the server reaching it with one client's individual API key.
  const dhan = await startFakeDhan();
  const server = await startAppServer({
    KITE_API_KEY: kite.apiKey,
    KITE_API_SECRET: kite.apiSecret,
    KITE_API_ROOT: kite.root,
    KITE_LOGIN_URL: kite.loginUrl,
    DHAN_API_KEY: dhan.apiKey,
    DHAN_API_SECRET: dhan.apiSecret,
    DHAN_API_ROOT: dhan.root,
    DHAN_AUTH_ROOT: dhan.root,
    DHAN_SCRIP_MASTER_URL: dhan.scripMasterUrl,
    // Accounts trade live only when a superadmin sets them live (readiness.spec shows one's order address).
    LIVE_TRADING: '1',
    BROKER_SOURCE_ADDRESS: '127.0.0.2',
    // broker-order-rules.spec sets an account's order address to this loopback one (listed, so allowed).
    ORDER_ROUTE_ALLOWED_ADDRESSES: '127.0.0.9',
  });
  dhan.setRedirectUrl(`${server.url}/api/brokers/dhan/callback`);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_KITE_ROOT = kite.root;
  return async () => {
    await server.stop();
    await kite.close();
    await dhan.close();
  };
}
