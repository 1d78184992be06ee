/**
 * Regression (outside sweep): the data folder was created 0755 and its files 0644,
 * so any user on the machine could read the database (password hashes included) and the log. A real
 * server process on a new folder and on a folder an older version left open: afterwards nothing in it
 * grants group or other users any access, and the user `nobody` cannot read the database or the log.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, removeTempDirs, spawnTs, tempDir } from '../support/child-processes';
import { serverEnv, startFaultServer } from '../faults/support/server-process';

afterAll(removeTempDirs);

/** Every path under `dir` (itself included) whose mode grants group or other users anything. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.mode & 0o077) found.push(`${path.relative(dir, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return found;
}

const isRoot = process.getuid?.() === 0;
const nobody = () => Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim());

/** What `nobody` can read of `file`; only root can switch to another user. */
function readAsNobody(file: string) {
  return spawnSync('cat', [file], { uid: nobody(), gid: nobody(), encoding: 'utf8' });
}

describe('the data folder', () => {
  it('a new one is 0700 with owner-only files (database, key, log, lock) while the server runs', async () => {
    const dataDir = path.join(tempDir('trabot-security-datadir-'), 'data');
    const server = await startFaultServer({ dataDir });
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const name of ['pglite', 'secret.key', 'logs/trabot.log', 'trabot.lock'])
        expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
      expect(openToOthers(dataDir)).toEqual([]);
      if (isRoot) {
        expect(readAsNobody(path.join(dataDir, 'logs/trabot.log')).status).not.toBe(0);
        expect(readAsNobody(path.join(dataDir, 'pglite/global/pg_control')).status).not.toBe(0);
      }
    } finally {
      await server.stop('SIGTERM');
    }
  });

  it('one an older version left readable is tightened at start-up, contents included', async () => {
    const dataDir = tempDir('trabot-security-datadir-old-');
    fs.mkdirSync(path.join(dataDir, 'logs'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'logs/trabot.log'), '{"msg":"old line"}\n', { mode: 0o644 });
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'logs/trabot.log'), 0o644);
    const server = await startFaultServer({ dataDir });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      if (isRoot) expect(readAsNobody(path.join(dataDir, 'logs/trabot.log')).status).not.toBe(0);
    } finally {
      await server.stop('SIGTERM');
    }
  });

  it('one that cannot be made private stops the start with one clear line, no stack trace', async () => {
    const blocker = path.join(tempDir('trabot-security-datadir-bad-'), 'a-file');
    fs.writeFileSync(blocker, '');
    const child = spawnTs('src/server/main.ts', [], {
      ...serverEnv({ dataDir: path.join(blocker, 'data') }),
      HOST: '127.0.0.1',
      PORT: '0',
    });
    child.stdin?.end();
    const { code, stderr } = await collect(child).finished;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `The data folder ${path.join(blocker, 'data')} cannot be made private (ENOTDIR): run Trabot as the user who owns it, or set DATA_DIR to a folder that user can create.`,
    );
  });
});
