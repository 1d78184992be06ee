/**
 * PostgreSQL crashes (`pg_ctl stop -m immediate`) while writes stream in, stays down a few seconds,
 * then comes back: every request is answered quickly (503 "Database unavailable" while it is down,
 * none hangs), the server process stays up, it recovers by itself, and nothing committed is lost.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client';
import { removeTempDirs, tempDir } from '../integration/ops/helpers';
import { createPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import { startSubject, type Subject } from './support/rounds';
import { verifyDatabase } from './support/verify';
import { acknowledged, startWriteStream, type WriteKind } from './support/write-stream';

/** The longest any request may take, outage or not. */
const ANSWER_WITHIN_MS = 5000;
const OUTAGE_MS = 6000;

afterAll(removeTempDirs);

describe('PostgreSQL stopped mid-stream', () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let subject: Subject;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    databaseUrl = await cluster.createDatabase('trabot_outage');
    subject = await startSubject({ dataDir: tempDir('trabot-faults-outage-'), databaseUrl });
  });
  afterAll(async () => {
    await subject?.server.stop('SIGKILL');
    await cluster?.destroy();
  });

  it('answers 503 quickly while it is down, recovers without a restart, and keeps every committed write', async () => {
    const { server, admin } = subject;
    const stream = startWriteStream(subject, subject.target, subject.ledger, { timeoutMs: 30_000 });
    const since = () => performance.now() - stream.startedAt;
    while (acknowledged(stream.results).length < 20) await sleep(50);
    await sleep(Math.random() * 1000);

    const stoppedAt = since();
    await cluster.stop('immediate');
    const downAt = since();
    const health = await admin.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
    await sleep(OUTAGE_MS);

    const restartedAt = since();
    await cluster.start();
    const upAt = since();
    let healthyAt = Number.NaN;
    while (since() - upAt < 30_000) {
      if ((await admin.request('/api/health')).status === 200) {
        healthyAt = since();
        break;
      }
      await sleep(100);
    }
    expect(healthyAt, 'health 200 again within 30 s of PostgreSQL starting').not.toBeNaN();
    // Writes of every kind succeed again on the same process.
    const kinds: WriteKind[] = ['enquiry', 'registration', 'subscription', 'manual-order'];
    const writesBack = () => kinds.every((kind) => stream.results.some((r) => r.kind === kind && r.startedAt > healthyAt && r.status === (kind === 'subscription' ? 200 : 201)));
    while (!writesBack() && since() - healthyAt < 30_000) await sleep(100);
    const results = await stream.stop();

    expect(server.child.exitCode, 'the server process stayed up').toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(writesBack(), 'a write of every kind acknowledged after the recovery').toBe(true);

    const duringOutage = results.filter((r) => r.endedAt > stoppedAt && r.startedAt < upAt);
    const unavailable = results.filter((r) => r.status === 503);
    const slowest = Math.max(...results.map((r) => r.endedAt - r.startedAt));
    const first503 = Math.min(...unavailable.map((r) => r.endedAt));
    const firstBack = Math.min(...acknowledged(results).filter((r) => r.startedAt > restartedAt).map((r) => r.endedAt));
    console.log(
      `[faults] PostgreSQL stopped at ${Math.round(stoppedAt)} ms (down after ${Math.round(downAt - stoppedAt)} ms), ` +
        `first 503 ${Math.round(first503 - stoppedAt)} ms after the stop; ${duringOutage.length} requests during the outage, ` +
        `${unavailable.length} answered 503, slowest request ${Math.round(slowest)} ms; started again at ${Math.round(restartedAt)} ms, ` +
        `pg_ctl start took ${Math.round(upAt - restartedAt)} ms; health 200 ${Math.round(healthyAt - restartedAt)} ms and first acknowledged write ` +
        `${Math.round(firstBack - restartedAt)} ms after the start began; ` +
        `acknowledged in all: ${acknowledged(results).length} of ${results.length}`,
    );

    // Every request was answered (no transport error, no timeout), quickly, with a 2xx or the 503.
    expect(results.filter((r) => r.status === 'error').map((r) => r.error)).toEqual([]);
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(first503 - stoppedAt).toBeLessThan(ANSWER_WITHIN_MS);
    expect(results.filter((r) => r.status !== 503 && !acknowledged([r]).length).map((r) => `${r.kind} ${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    for (const r of unavailable) expect(r.body).toEqual({ error: 'Database unavailable' });

    const database = await openPostgres(databaseUrl);
    try {
      const verdict = await verifyDatabase(database.db, subject.ledger, subject.target);
      console.log(`[faults] database after the outage: ${JSON.stringify(verdict.counts)}`);
      expect(verdict.problems).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
