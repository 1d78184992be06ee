/** TypeScript entry points of this repository run in child Node processes, for tests and the bench. */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const madeHere: string[] = [];

/** A new empty folder, deleted by removeTempDirs() (call it in afterAll: databases are ~40 MB). */
export function tempDir(prefix = 'trabot-ops-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeHere.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of madeHere.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** The parent's environment minus anything that would point a child at another database or port. */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|DATA_DIR|PORT|SEED_DEMO|DEMO_|SECRET_KEY|NODE_ENV|LOG_LEVEL)/.test(key)) delete env[key];
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

/** `wrapper`: a command (and its arguments) to run Node under, e.g. strace. */
export function spawnTs(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { stdio = ['pipe', 'pipe', 'pipe'], wrapper = [] }: { stdio?: StdioOptions; wrapper?: string[] } = {},
): ChildProcess {
  const node = [process.execPath, '--import', 'tsx', path.join(ROOT, script), ...args];
  const [command, ...rest] = [...wrapper, ...node];
  return spawn(command!, rest, { cwd: ROOT, env, stdio });
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The child's output so far (what it writes to pipes; nothing of what it inherits or ignores) and its end. */
export function collect(child: ChildProcess): {
  output: () => { stdout: string; stderr: string };
  finished: Promise<Finished>;
} {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { output: () => ({ stdout, stderr }), finished };
}

/** Runs a TypeScript entry point to completion. */
export async function runTs(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const child = spawnTs(script, args, env);
  child.stdin?.end();
  return collect(child).finished;
}

/** Resolves once `predicate` holds for the output so far; rejects if the child ends first or time runs out. */
export function waitForOutput(
  child: ChildProcess,
  output: () => { stdout: string; stderr: string },
  predicate: (out: { stdout: string; stderr: string }) => boolean,
  timeoutMs = 30_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate(output())) {
        cleanup();
        resolve();
      }
    };
    const onClose = () => {
      cleanup();
      reject(new Error(`process ended before the expected output:\n${output().stdout}\n${output().stderr}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for output:\n${output().stdout}\n${output().stderr}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('close', onClose);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('close', onClose);
    check();
  });
}
