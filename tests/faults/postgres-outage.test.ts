/**
 * PostgreSQL fails while writes stream in, stays down a few seconds, then comes back: crashed
 * (`pg_ctl stop -m immediate`) or frozen (its processes stopped: connections stay open, nothing
 * answers). Every request is answered within a bound (503 "Database unavailable" while it is down,
 * none hangs), the server process stays up, recovers by itself, and nothing committed is lost.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, POSTGRES_QUERY_TIMEOUT_MS } from '@server/db/client';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { createPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import { startSubject, type Subject } from './support/rounds';
import { verifyDatabase } from './support/verify';
import { acknowledged, startWriteStream, type WriteKind } from './support/write-stream';

const OUTAGE_MS = 6000;

afterAll(removeTempDirs);

interface Fault {
  name: string;
  /** The longest any request may take while the database is gone. */
  answerWithinMs: number;
  break(cluster: PostgresCluster): Promise<void>;
  heal(cluster: PostgresCluster): Promise<void>;
}

const FAULTS: Fault[] = [
  {
    name: 'crashed (pg_ctl stop -m immediate)',
    answerWithinMs: 5000,
    break: (cluster) => cluster.stop('immediate'),
    heal: (cluster) => cluster.start(),
  },
  {
    name: 'frozen (SIGSTOP: open connections, no answers)',
    // A query in flight gives up after the pool's query timeout.
    answerWithinMs: POSTGRES_QUERY_TIMEOUT_MS + 3000,
    break: async (cluster) => cluster.freeze(),
    heal: async (cluster) => cluster.thaw(),
  },
];

describe.each(FAULTS)('PostgreSQL $name mid-stream', (fault) => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let subject: Subject;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    databaseUrl = await cluster.createDatabase('trabot_outage');
    subject = await startSubject({ dataDir: tempDir('trabot-faults-outage-'), databaseUrl });
  });
  afterAll(async () => {
    // Each is undefined if beforeAll failed before assigning it.
    await (subject as Subject | undefined)?.server.stop('SIGKILL');
    await (cluster as PostgresCluster | undefined)?.destroy();
  });

  it('answers 503 within the bound while it is down, recovers without a restart, and keeps every committed write', async () => {
    const { server, admin } = subject;
    const stream = startWriteStream(subject, subject.target, subject.ledger, { timeoutMs: 30_000 });
    const since = () => performance.now() - stream.startedAt;
    while (acknowledged(stream.results).length < 20) await sleep(50);
    await sleep(Math.random() * 1000);

    const brokenAt = since();
    await fault.break(cluster);
    const health = await admin.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(fault.answerWithinMs);
    await sleep(OUTAGE_MS);

    const healedAt = since();
    await fault.heal(cluster);
    let healthyAt = Number.NaN;
    while (since() - healedAt < 30_000) {
      if ((await admin.request('/api/health')).status === 200) {
        healthyAt = since();
        break;
      }
      await sleep(100);
    }
    expect(healthyAt, 'health 200 again within 30 s').not.toBeNaN();
    // Writes of every kind succeed again on the same process.
    const kinds: WriteKind[] = ['enquiry', 'registration', 'subscription', 'manual-order'];
    const writesBack = () =>
      kinds.every((kind) =>
        stream.results.some(
          (r) => r.kind === kind && r.startedAt > healthyAt && r.status === (kind === 'subscription' ? 200 : 201),
        ),
      );
    while (!writesBack() && since() - healthyAt < 30_000) await sleep(100);
    const results = await stream.stop();

    expect(server.child.exitCode, 'the server process stayed up').toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(writesBack(), 'a write of every kind acknowledged after the recovery').toBe(true);

    const duringOutage = results.filter((r) => r.endedAt > brokenAt && r.startedAt < healedAt);
    const unavailable = results.filter((r) => r.status === 503);
    const slowest = Math.max(...results.map((r) => r.endedAt - r.startedAt));
    const first503 = Math.min(...unavailable.map((r) => r.endedAt));
    const firstBack = Math.min(
      ...acknowledged(results)
        .filter((r) => r.startedAt > healedAt)
        .map((r) => r.endedAt),
    );
    console.log(
      `[faults] PostgreSQL ${fault.name} at ${Math.round(brokenAt)} ms: first 503 ${Math.round(first503 - brokenAt)} ms later, ` +
        `health answered ${health.status} in ${Math.round(health.ms)} ms; ${duringOutage.length} requests during the outage, ${unavailable.length} answered 503, ` +
        `slowest request ${Math.round(slowest)} ms; back at ${Math.round(healedAt)} ms: health 200 after ${Math.round(healthyAt - healedAt)} ms, ` +
        `first acknowledged write after ${Math.round(firstBack - healedAt)} ms; acknowledged in all: ${acknowledged(results).length} of ${results.length}`,
    );

    // Every request was answered (no transport error, no timeout), within the bound, with a 2xx or the 503.
    expect(results.filter((r) => r.status === 'error').map((r) => r.error)).toEqual([]);
    expect(slowest).toBeLessThan(fault.answerWithinMs);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(
      results
        .filter((r) => r.status !== 503 && !acknowledged([r]).length)
        .map((r) => `${r.kind} ${r.status} ${JSON.stringify(r.body)}`),
    ).toEqual([]);
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
