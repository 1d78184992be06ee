/** The real server for the browser tests: a fresh data folder, the demo data with the test logins. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv } from '../../support/child-processes';
import { startServer } from '../../support/real-server';
import { CREDENTIALS } from './credentials';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The environment of a browser tests' server on the embedded database in `dataDir`: the demo data
 * with the test logins, limits that a run's logins from 127.0.0.1 do not reach, the market open.
 */
export function demoServerEnv(dataDir: string, env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    DEMO_MEMBER_EMAIL: CREDENTIALS.member.email,
    DEMO_MEMBER_PASSWORD: CREDENTIALS.member.password,
    DEMO_ADMIN_EMAIL: CREDENTIALS.admin.email,
    DEMO_ADMIN_PASSWORD: CREDENTIALS.admin.password,
    // Every test logs in from 127.0.0.1: the per-IP limit is not what these tests exercise.
    LOGIN_LIMIT_PER_IP: '100000',
    // The paper market open whatever the time of day the tests run at.
    MARKET_HOURS: 'always',
    // A 0.02 % walk a tick: over a long run the demo's running trades (the partly exited one the
    // member pages read) stay clear of their stops and targets.
    SIMULATED_FEED_VOLATILITY: '0.0002',
    // No daily backup in the middle of a run (the Backups screen's test takes its own).
    BACKUP_AT: 'off',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

/** `env` adds to (or overrides) the server's environment. */
export async function startAppServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trabot-e2e-'));
  try {
    // Embedded PGlite in the temporary folder, unless E2E_DATABASE_URL names an (empty) PostgreSQL.
    const server = await startServer({
      env: demoServerEnv(dataDir, { DATABASE_URL: process.env.E2E_DATABASE_URL, ...env }),
      output: 'show',
    });
    return {
      // localhost, as a visitor types it (a secure context, like 127.0.0.1).
      url: `http://localhost:${server.port}`,
      async stop() {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
