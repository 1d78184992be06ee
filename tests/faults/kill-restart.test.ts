/**
 * The server killed (SIGKILL) or stopped (SIGTERM) in the middle of a stream of writes, then
 * restarted on the same data: it opens, every write that got a 2xx is there exactly once, and the
 * rows the API and the engine wrote are consistent. On the embedded PGlite and on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '@server/config/data-dir-lock';
import { collect, removeTempDirs, spawnTs, tempDir } from '../support/child-processes';
import { createPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import { interruptRound, startSubject, stopAndVerify, type Subject, type SubjectOptions } from './support/rounds';
import { serverEnv, startFaultServer } from './support/server-process';

const KILL_ROUNDS = 3;

afterAll(removeTempDirs);

async function killRounds(subject: Subject, options: SubjectOptions) {
  for (let round = 1; round <= KILL_ROUNDS; round++) {
    const report = await interruptRound(subject, options, 'SIGKILL');
    expect(report.exit.signal).toBe('SIGKILL');
    // The restarted server opened the data: the admin's session (a row written before the kill) still works.
    const session = await subject.admin.request('/api/check-session');
    expect(session.body).toMatchObject({ user: { role: 'superadmin' } });
  }
}

describe('the embedded PGlite database', () => {
  const options: SubjectOptions = { dataDir: tempDir('trabot-faults-pglite-') };
  let subject: Subject;

  beforeAll(async () => {
    subject = await startSubject(options);
  });
  afterAll(async () => {
    // Undefined if beforeAll failed before assigning it.
    await (subject as Subject | undefined)?.server.stop('SIGKILL');
  });

  it(`survives ${KILL_ROUNDS} kill -9 mid-stream: every acknowledged write is there, once`, async () => {
    await killRounds(subject, options);
    const { exit, verdict } = await stopAndVerify(subject, options);
    expect(exit.code).toBe(0);
    expect(verdict.problems).toEqual([]);
    // The next test goes on with the same data.
    subject.server = await startFaultServer({ ...options, port: subject.server.port });
  });

  it('shuts down cleanly on SIGTERM mid-stream (exit 0, lock released) and keeps every acknowledged write', async () => {
    const report = await interruptRound(subject, options, 'SIGTERM');
    expect(report.exit.code).toBe(0);
    expect(report.serverErrors, 'requests in flight finish before the database closes').toBe(0);
    const { exit, verdict } = await stopAndVerify(subject, options);
    expect(exit.code).toBe(0);
    expect(fs.existsSync(path.join(options.dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(verdict.problems).toEqual([]);
    // The next test goes on with the same data.
    subject.server = await startFaultServer({ ...options, port: subject.server.port });
  });

  it('refuses to open the data folder while another server holds it, and the holder keeps serving', async () => {
    const second = spawnTs('src/server/main.ts', [], { ...serverEnv(options), HOST: '127.0.0.1', PORT: '0' });
    second.stdin?.end();
    const { code, stderr } = await collect(second).finished;
    expect(code).toBe(1);
    expect(stderr).toContain(`is in use by another process (pid ${subject.server.child.pid}`);
    // One clear message: no stack trace, no logger failing on the way out ("sonic boom is not ready yet").
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toMatch(/sonic/i);
    expect((await fetch(`${subject.server.url}/api/health`)).status).toBe(200);
  });
});

describe('PostgreSQL', () => {
  let cluster: PostgresCluster;
  let options: SubjectOptions;
  let subject: Subject;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    options = { dataDir: tempDir('trabot-faults-pg-data-'), databaseUrl: await cluster.createDatabase('trabot_kill') };
    subject = await startSubject(options);
  });
  afterAll(async () => {
    // Each is undefined if beforeAll failed before assigning it.
    await (subject as Subject | undefined)?.server.stop('SIGKILL');
    await (cluster as PostgresCluster | undefined)?.destroy();
  });

  it(`survives ${KILL_ROUNDS} kill -9 mid-stream: every acknowledged write is there, once`, async () => {
    await killRounds(subject, options);
    const { exit, verdict } = await stopAndVerify(subject, options);
    expect(exit.code).toBe(0);
    expect(verdict.problems).toEqual([]);
  });
});
