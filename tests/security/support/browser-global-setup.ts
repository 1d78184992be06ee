/**
 * The stored-XSS browser run: builds the client into a private folder (so it never races another
 * run's dist/client), then hands over to the e2e global setup, which starts the real server with
 * that CLIENT_DIR. CLIENT_DIR set by the caller, E2E_SKIP_BUILD=1 or E2E_BASE_URL skip the build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import e2eGlobalSetup from '../../e2e/support/global-setup';

export default async function securityGlobalSetup() {
  let built: string | undefined;
  if (!process.env.E2E_BASE_URL && !process.env.CLIENT_DIR && process.env.E2E_SKIP_BUILD !== '1') {
    built = mkdtempSync(path.join(tmpdir(), 'trabot-security-client-'));
    const build = spawnSync('npx', ['vite', 'build', '--outDir', built, '--emptyOutDir'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
    process.env.CLIENT_DIR = built;
  }
  process.env.E2E_SKIP_BUILD = '1';
  const teardown = await e2eGlobalSetup();
  return async () => {
    await teardown?.();
    if (built) rmSync(built, { recursive: true, force: true });
  };
}
