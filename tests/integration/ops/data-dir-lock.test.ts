import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import {
  acquireDataDirLock,
  DataDirLockedError,
  describeCommand,
  LOCK_FILE_NAME,
  processStartOf,
  type DataDirLock,
} from '@server/config/data-dir-lock';
import { deadPid, holdLock } from './helpers';
import {
  collect,
  ROOT,
  spawnTs,
  childEnv,
  tempDir,
  waitForOutput,
  removeTempDirs,
} from '../../support/child-processes';

afterAll(removeTempDirs);

const held: DataDirLock[] = [];
const take = (dir: string, command?: string) => {
  const lock = acquireDataDirLock(dir, command);
  held.push(lock);
  return lock;
};
const lockFile = (dir: string) => path.join(dir, LOCK_FILE_NAME);
const readLock = (dir: string) =>
  JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number; startedAt: string; command: string };

afterEach(() => {
  while (held.length) held.pop()!.release();
});

describe('data-folder lock', { timeout: 60_000 }, () => {
  it('writes {pid, startedAt, command} and removes the file on release', () => {
    const dir = tempDir();
    const lock = take(dir, 'npm start');
    expect(lock.file).toBe(lockFile(dir));
    const info = readLock(dir);
    expect(info.pid).toBe(process.pid);
    expect(info.command).toBe('npm start');
    expect((info as { processStart?: string }).processStart).toMatch(/^[\w-]+:\d+$/);
    expect(Date.now() - Date.parse(info.startedAt)).toBeLessThan(10_000);
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lock.release(); // idempotent
    take(dir).release();
  });

  it('creates a missing data folder', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    take(dir);
    expect(fs.existsSync(lockFile(dir))).toBe(true);
  });

  it('refuses a second holder in the same process', () => {
    const dir = tempDir();
    take(dir);
    expect(() => take(dir)).toThrow(DataDirLockedError);
  });

  it('refuses while another live process holds the folder, naming it, and allows it once that process exits', async () => {
    const dir = tempDir();
    const holder = await holdLock(dir);
    let error: unknown;
    try {
      take(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `The embedded database in ${dir} is in use by another process (pid ${holder.child.pid}, hold-lock test fixture). ` +
        'Stop the server first (Ctrl+C), then run this command again.',
    );
    expect(readLock(dir).pid).toBe(holder.child.pid);

    const end = await holder.stop();
    expect(end.code).toBe(0);
    // The child's exit hook removed its lock file.
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    take(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it('takes over the lock of a process that was killed without cleaning up', async () => {
    const dir = tempDir();
    const holder = await holdLock(dir);
    holder.child.kill('SIGKILL');
    await new Promise((resolve) => holder.child.on('close', resolve));
    expect(readLock(dir).pid).toBe(holder.child.pid);
    take(dir, 'after a crash');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, command: 'after a crash' });
  });

  it('takes over a stale lock of a dead pid, an unreadable lock file and our own pid left by an earlier run', async () => {
    for (const content of [
      JSON.stringify({ pid: await deadPid(), startedAt: '2024-01-01T00:00:00.000Z', command: 'old server' }),
      '{"pid":',
      JSON.stringify({ pid: process.pid, startedAt: '2024-01-01T00:00:00.000Z', command: 'previous container run' }),
    ]) {
      const dir = tempDir();
      fs.writeFileSync(lockFile(dir), content);
      const lock = take(dir);
      expect(readLock(dir).pid).toBe(process.pid);
      lock.release();
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it('takes over a lock whose pid now belongs to another program (a reused pid after a crash or reboot)', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise<void>((resolve) => other.once('spawn', () => resolve()));
      const dir = tempDir();
      const stale = {
        pid: other.pid,
        startedAt: '2026-01-01T00:00:00.000Z',
        command: 'src/server/main.ts',
        processStart: 'an-earlier-boot:12345',
      };
      fs.writeFileSync(lockFile(dir), JSON.stringify(stale));
      const lock = take(dir);
      expect(readLock(dir).pid).toBe(process.pid);
      lock.release();
      // The same live pid with its real start time is the holder: refused.
      fs.writeFileSync(lockFile(dir), JSON.stringify({ ...stale, processStart: processStartOf(other.pid!) }));
      expect(() => take(dir)).toThrow(DataDirLockedError);
      fs.rmSync(lockFile(dir));
    } finally {
      other.kill();
    }
  });

  it('never removes a lock file that is no longer its own', () => {
    const dir = tempDir();
    const lock = take(dir);
    const foreign = JSON.stringify({ pid: 999_999, startedAt: new Date().toISOString(), command: 'someone else' });
    fs.writeFileSync(lockFile(dir), foreign);
    lock.release();
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(foreign);
  });

  it('lets exactly one of several processes racing for a free folder win', async () => {
    const dir = tempDir();
    const racers = Array.from({ length: 4 }, () => {
      const child = spawnTs('tests/integration/ops/fixtures/hold-lock.ts', [dir], childEnv({}));
      return { child, ...collect(child) };
    });
    // Each racer either says "locked" or exits with the lock error.
    await Promise.all(
      racers.map(({ child, output }) =>
        waitForOutput(
          child,
          output,
          (out) => out.stdout.includes('locked') || out.stderr.includes('in use by another process'),
        ).catch(() => {}),
      ),
    );
    const winners = racers.filter(({ output }) => output().stdout.includes('locked'));
    expect(winners).toHaveLength(1);
    expect(readLock(dir).pid).toBe(winners[0]!.child.pid);
    for (const { child } of racers) child.kill('SIGTERM');
    await Promise.all(racers.map(({ finished }) => finished));
  });

  it('describes the holder by script and sub-command, never by options that may carry a password', () => {
    const argv = [
      '/usr/bin/node',
      path.join(ROOT, 'src/server/cli.ts'),
      'user',
      'create',
      '--email',
      'a@b.c',
      '--password',
      'hunter2hunter2',
    ];
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      expect(describeCommand(argv)).toBe(path.join('src', 'server', 'cli.ts') + ' user create');
    } finally {
      process.chdir(cwd);
    }
  });
});
