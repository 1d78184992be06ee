/** Starts the real server (tsx src/server/main.ts) on a free loopback port with a fresh data folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CREDENTIALS } from './credentials';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** `env` adds to (or overrides) the server's environment. */
export async function startAppServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trabot-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // Embedded PGlite in the temporary folder, unless E2E_DATABASE_URL names an (empty) PostgreSQL.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const database = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {};
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...inherited,
      ...database,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
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
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(url, child, 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
