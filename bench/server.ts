/**
 * The real server for a bench run: a temp DATA_DIR (or the given PostgreSQL), seeded by seed.ts in
 * its own process first, then `tsx src/server/main.ts` on a free loopback port in production mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionCookieName } from '../src/server/auth/sessions';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const READY_TIMEOUT_MS = 60_000;

/** Fixed logins, so every run seeds the same data. */
export const BENCH_LOGINS = {
  DEMO_MEMBER_EMAIL: 'bench-member@trabot.example',
  DEMO_MEMBER_PASSWORD: 'bench-member-password',
  DEMO_ADMIN_EMAIL: 'bench-admin@trabot.example',
  DEMO_ADMIN_PASSWORD: 'bench-admin-password',
};

export interface BenchServer {
  url: string;
  /** Cookie header of the demo member's session (the account holding the 1,000 trades). */
  cookie: string;
  /** Cookie headers of BENCH_SESSIONS sessions of that member, for load from many clients. */
  cookies: string[];
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls `url` until it answers 2xx, or fails when the process dies or the time runs out. */
export async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}

export async function startBenchServer(databaseUrl: string | undefined): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...BENCH_LOGINS,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    MARKET_HOURS: 'always',
    // Production's level: every request writes its log line, as it does in production.
    LOG_LEVEL: 'info',
  };
  if (!databaseUrl) delete env.DATABASE_URL;

  const seeded = JSON.parse((await run(['bench/seed.ts'], env)).trim().split('\n').at(-1)!) as { tokens: string[] };
  const cookies = seeded.tokens.map((token) => `${sessionCookieName(false)}=${token}`);
  const child = spawn(TSX, ['src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, child);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return {
    url,
    cookie: cookies[0]!,
    cookies,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
