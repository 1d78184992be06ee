/**
 * The real server as `npm start` runs it (node --import tsx src/server/main.ts) in a child process
 * on a loopback port: the one way the browser tests, the fault tests, the ops tests and the bench
 * start it. The caller gives the environment (data folder, database, logins, limits).
 */
import type { ChildProcess, StdioOptions } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { collect, spawnTs, type Finished } from './child-processes';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const READY_TIMEOUT_MS = 120_000;

/** Polls GET `url` until it answers 2xx; fails when the process ends first or time runs out. */
export async function waitForAnswer(url: string, child: ChildProcess, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface StartOptions {
  /** The server's whole environment (see childEnv); HOST and PORT are set here. */
  env: NodeJS.ProcessEnv;
  /** Keep the same port across restarts (clients keep their URL); a free one by default. */
  port?: number;
  /**
   * Where its output goes: collected for the test to read (the default), shown with the test
   * runner's, or (stdout only: a bench at the info level logs every request) dropped.
   */
  output?: 'collect' | 'show' | 'drop';
  /** A command to run the server under (e.g. strace and its arguments). */
  wrapper?: string[];
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** What it printed so far (when collected). */
  output(): { stdout: string; stderr: string };
  finished: Promise<Finished>;
  /** Sends the signal (SIGTERM by default) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Finished>;
}

const STDIO: Record<NonNullable<StartOptions['output']>, StdioOptions> = {
  collect: ['ignore', 'pipe', 'pipe'],
  show: ['ignore', 'inherit', 'inherit'],
  drop: ['ignore', 'ignore', 'inherit'],
};

/** Spawns the server; resolves once it answers health 200 (rejects with its output if it exits first). */
export async function startServer({
  env,
  port: fixedPort,
  output = 'collect',
  wrapper,
}: StartOptions): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  const child = spawnTs(
    'src/server/main.ts',
    [],
    { ...env, HOST: '127.0.0.1', PORT: String(port) },
    { stdio: STDIO[output], wrapper },
  );
  const collected = collect(child);
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    port,
    output: collected.output,
    finished: collected.finished,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return collected.finished;
    },
  };
  try {
    await waitForAnswer(`${url}/api/health`, child);
  } catch (err) {
    await server.stop('SIGKILL');
    const { stdout, stderr } = collected.output();
    throw new Error(`${(err as Error).message}\n${stdout}\n${stderr}`);
  }
  return server;
}
