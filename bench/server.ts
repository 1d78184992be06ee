/**
 * The real server for a bench run: a temp DATA_DIR (or the given PostgreSQL), seeded by seed.ts in
 * its own process first, then the server (tests/support/real-server.ts) in production mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sessionCookieName } from '@server/auth/sessions';
import { childEnv, ROOT } from '../tests/support/child-processes';
import { startServer } from '../tests/support/real-server';

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** Fixed logins, so every run seeds the same data. */
export const BENCH_LOGINS = {
  DEMO_MEMBER_EMAIL: 'bench-member@trabot.example',
  DEMO_MEMBER_PASSWORD: 'bench-member-password',
  DEMO_ADMIN_EMAIL: 'bench-admin@trabot.example',
  DEMO_ADMIN_PASSWORD: 'bench-admin-password',
};

/** The demo member's trades in all, for the API load and the trades page's timings. */
export const BENCH_TRADES = 1000;

export interface BenchServer {
  url: string;
  /** Cookie header of the demo member's session (the account holding the 1,000 trades). */
  cookie: string;
  /** Cookie headers of BENCH_SESSIONS sessions of that member, for load from many clients. */
  cookies: string[];
  stop(): Promise<void>;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `trades`: the demo member's trades in all (bench/seed.ts; 0 keeps the demo's own). */
export async function startBenchServer(
  databaseUrl: string | undefined,
  { trades = BENCH_TRADES }: { trades?: number } = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-bench-'));
  const env = childEnv({
    ...BENCH_LOGINS,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    BENCH_TRADES: String(trades),
    MARKET_HOURS: 'always',
    // Production's level: every request writes its log line, as it does in production.
    LOG_LEVEL: 'info',
  });

  const seeded = JSON.parse((await run(['bench/seed.ts'], env)).trim().split('\n').at(-1)!) as { tokens: string[] };
  const cookies = seeded.tokens.map((token) => `${sessionCookieName(false)}=${token}`);
  const server = await startServer({ env, output: 'drop' });
  return {
    url: server.url,
    cookie: cookies[0]!,
    cookies,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
