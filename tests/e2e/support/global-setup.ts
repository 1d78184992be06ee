/**
 * Builds the client (unless E2E_SKIP_BUILD=1) and starts one real server for the whole run, with a
 * temporary data folder and the fixed demo logins; E2E_BASE_URL tells the tests where it is.
 * E2E_BASE_URL set by the caller means "use that running server" instead.
 */
import { spawnSync } from 'node:child_process';
import { startAppServer } from './app-server';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const server = await startAppServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
