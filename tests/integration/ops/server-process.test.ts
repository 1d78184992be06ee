/**
 * The server process as `npm start` runs it (src/server/main.ts): demo logins printed on first
 * start, health answered, the embedded database locked against the CLI, clean shutdown on signals.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '@server/config/data-dir-lock';
import { childEnv, removeTempDirs, runTs, tempDir } from '../../support/child-processes';
import { startServer } from '../../support/real-server';

afterAll(removeTempDirs);

const start = (env: Record<string, string>) => startServer({ env: childEnv({ CLIENT_DIR: tempDir(), ...env }) });

// Embedded database only: the PostgreSQL pass of the API tests (TEST_DATABASE_URL) skips it rather than repeat it.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', { timeout: 180_000 }, () => {
  it('seeds and prints the demo logins on first start, locks its data folder, and shuts down cleanly', async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    try {
      const { stdout } = first.output();
      expect(stdout).toContain('Trabot demo data is ready.');
      expect(stdout).toMatch(/email: {4}member@trabot\.example/);
      expect(stdout).toMatch(/password: [A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}/);

      const health = await fetch(`${first.url}/api/health`);
      expect(health.status).toBe(200);

      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as {
        pid: number;
        command: string;
      };
      expect(lock).toMatchObject({ pid: first.child.pid, command: path.join('src', 'server', 'main.ts') });
      const cli = await runTs('src/server/cli.ts', ['db', 'migrate'], childEnv({ DATA_DIR: dataDir }));
      expect(cli.code).toBe(1);
      expect(cli.stderr).toContain(
        `is in use by another process (pid ${first.child.pid}, src/server/main.ts). Stop the server first (Ctrl+C)`,
      );
    } finally {
      first.child.kill('SIGTERM');
    }
    const stopped = await first.finished;
    expect(stopped.code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // Second start: same data, no second seeding; Ctrl+C (SIGINT) also closes cleanly.
    const second = await start({ DATA_DIR: dataDir });
    try {
      expect(second.output().stdout).not.toContain('Trabot demo data is ready.');
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      second.child.kill('SIGINT');
    }
    expect((await second.finished).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('does not seed with SEED_DEMO=0', async () => {
    const dataDir = tempDir();
    const server = await start({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    server.child.kill('SIGTERM');
    const { code, stdout } = await server.finished;
    expect(code).toBe(0);
    expect(stdout).not.toContain('Trabot demo data is ready.');
    // The database has no users: the CLI's demo seed still accepts it.
    const seed = await runTs('src/server/cli.ts', ['demo', 'seed'], childEnv({ DATA_DIR: dataDir }));
    expect(seed.code).toBe(0);
  });
});
