/**
 * The real server as `npm start` runs it (node --import tsx src/server/main.ts) on a free loopback
 * port, with fixed demo logins, for the fault tests: started, killed and restarted on the same data.
 */
import type { ChildProcess } from 'node:child_process';
import { childEnv, collect, spawnTs, tempDir, type Finished } from '../../integration/ops/helpers';
import { freePort } from '../../e2e/support/app-server';

export const FAULT_LOGINS = {
  member: { email: 'fault-member@trabot.test', password: 'fault-member-password' },
  admin: { email: 'fault-admin@trabot.test', password: 'fault-admin-password' },
} as const;

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Keep the same port across restarts (clients keep their URL). */
  port?: number;
  /** The built client to serve; an empty folder (API only) by default. */
  clientDir?: string;
  /** More environment for the server (overrides the defaults below). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  output(): { stdout: string; stderr: string };
  finished: Promise<Finished>;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<Finished>;
}

const READY_TIMEOUT_MS = 120_000;

export function serverEnv(options: ServerOptions, port: number): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    CLIENT_DIR: options.clientDir ?? tempDir('trabot-faults-client-'),
    SEED_DEMO: '1',
    DEMO_MEMBER_EMAIL: FAULT_LOGINS.member.email,
    DEMO_MEMBER_PASSWORD: FAULT_LOGINS.member.password,
    DEMO_ADMIN_EMAIL: FAULT_LOGINS.admin.email,
    DEMO_ADMIN_PASSWORD: FAULT_LOGINS.admin.password,
    // The stream sends hundreds of submissions and logins from 127.0.0.1.
    PUBLIC_FORM_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_EMAIL: '100000',
    LOG_LEVEL: 'warn',
    // The paper market open whatever the time of day the tests run at.
    MARKET_HOURS: 'always',
    ...options.env,
  });
}

/** Polls GET /api/health until 200; fails when the process ends first or time runs out. */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** Spawns the server; resolves once it answers health 200 (rejects with its output if it exits). */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawnTs('src/server/main.ts', [], serverEnv(options, port));
  child.stdin?.end();
  const { output, finished } = collect(child);
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    port,
    output,
    finished,
    stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return finished;
    },
  };
  try {
    await waitHealthy(url, child);
  } catch (err) {
    await server.stop('SIGKILL');
    const { stdout, stderr } = output();
    throw new Error(`${(err as Error).message}\n${stdout}\n${stderr}`);
  }
  return server;
}
