/**
 * One server process and its database under a write stream, for the kill and shutdown tests:
 * interrupt it mid-stream with a signal, restart it on the same data, and finally check the
 * database against everything acknowledged.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openPglite, openPostgres } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import type { Finished } from '../../support/child-processes';
import { ApiClient } from './api-client';
import { FAULT_LOGINS, startFaultServer } from './server-process';
import type { ServerProcess } from '../../support/real-server';
import { verifyDatabase, type Verdict } from './verify';
import {
  acknowledged,
  findStreamTarget,
  newLedger,
  startWriteStream,
  type Ledger,
  type StreamTarget,
} from './write-stream';

export interface RoundReport {
  signal: NodeJS.Signals;
  /** ms after the stream started */
  interruptedAt: number;
  acknowledged: Record<string, number>;
  failed: number;
  /** Answers with a 5xx status (a clean shutdown lets the requests in flight finish: none). */
  serverErrors: number;
  exit: Pick<Finished, 'code' | 'signal'>;
  restartMs: number;
}

export interface Subject {
  server: ServerProcess;
  admin: ApiClient;
  visitor: ApiClient;
  target: StreamTarget;
  ledger: Ledger;
  reports: RoundReport[];
}

export interface SubjectOptions {
  dataDir: string;
  databaseUrl?: string;
}

export async function startSubject(options: SubjectOptions): Promise<Subject> {
  const server = await startFaultServer(options);
  const admin = new ApiClient(server.url);
  await admin.login(FAULT_LOGINS.admin.email, FAULT_LOGINS.admin.password);
  const target = await findStreamTarget(admin, FAULT_LOGINS.member.email);
  return { server, admin, visitor: new ApiClient(server.url), target, ledger: newLedger(), reports: [] };
}

const countByKind = (results: ReturnType<typeof acknowledged>) =>
  results.reduce<Record<string, number>>((counts, r) => ({ ...counts, [r.kind]: (counts[r.kind] ?? 0) + 1 }), {});

/**
 * Streams writes, sends `signal` at a random moment once at least `minAcknowledged` writes got a
 * 2xx, waits for the process to end, then restarts it on the same data and port.
 */
export async function interruptRound(
  subject: Subject,
  options: SubjectOptions,
  signal: NodeJS.Signals,
  minAcknowledged = 20,
): Promise<RoundReport> {
  const stream = startWriteStream(subject, subject.target, subject.ledger);
  const deadline = Date.now() + 60_000;
  while (acknowledged(stream.results).length < minAcknowledged && Date.now() < deadline) await sleep(50);
  await sleep(Math.random() * 2000);
  const interruptedAt = Math.round(performance.now() - stream.startedAt);
  const exit = await subject.server.stop(signal);
  await stream.stop();

  const restarted = performance.now();
  subject.server = await startFaultServer({ ...options, port: subject.server.port });
  const report: RoundReport = {
    signal,
    interruptedAt,
    acknowledged: countByKind(acknowledged(stream.results)),
    failed: stream.results.length - acknowledged(stream.results).length,
    serverErrors: stream.results.filter((r) => typeof r.status === 'number' && r.status >= 500).length,
    exit: { code: exit.code, signal: exit.signal },
    restartMs: Math.round(performance.now() - restarted),
  };
  subject.reports.push(report);
  console.log(
    `[faults] ${signal} at ${interruptedAt} ms: acknowledged ${JSON.stringify(report.acknowledged)}, ${report.failed} failed (${report.serverErrors} with a 5xx), restart ${report.restartMs} ms`,
  );
  return report;
}

/** Stops the server cleanly and reads the database directly. */
export async function stopAndVerify(
  subject: Subject,
  options: SubjectOptions,
): Promise<{ exit: Finished; verdict: Verdict }> {
  const exit = await subject.server.stop('SIGTERM');
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(pgliteDir(options.dataDir));
  try {
    const verdict = await verifyDatabase(database.db, subject.ledger, subject.target);
    console.log(`[faults] database after ${subject.reports.length} round(s): ${JSON.stringify(verdict.counts)}`);
    return { exit, verdict };
  } finally {
    await database.close();
  }
}
