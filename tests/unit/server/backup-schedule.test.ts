/**
 * The daily backup fires through the injectable clock: not before BACKUP_AT (India's time), once
 * that day when it is past, again the next day; a failure is retried later; `off` never fires.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupService, SCHEDULE_RETRY_MS } from '@server/backups/service';
import { listBackups } from '@server/backups/store';
import { parseEnv } from '@server/config/env';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function world(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-schedule-'));
  dirs.push(dataDir);
  let now = new Date('2026-11-27T12:29:00Z'); // 17:59 IST
  let failing = false;
  let snapshots = 0;
  const tar = new Uint8Array(4096).fill(7);
  const service = new BackupService({
    env: parseEnv({ DATA_DIR: dataDir, ...env }),
    database: {
      kind: 'pglite',
      snapshot: async () => {
        snapshots++;
        if (failing) throw new Error('disk full');
        return {
          tar,
          tables: { 'public.x': { rows: 1, checksum: '1' } },
          schema: { migrations: 1, last: 'x', hash: 'h' },
          heldMs: 0,
        };
      },
    },
    log: pino({ level: 'silent' }),
    key: Buffer.alloc(32, 1),
    now: () => now,
  });
  return {
    service,
    dir: path.join(dataDir, 'backups'),
    setNow: (iso: string) => (now = new Date(iso)),
    fail: (value: boolean) => (failing = value),
    snapshots: () => snapshots,
  };
}

describe('the daily backup schedule', () => {
  it('fires at 18:00 IST by default, once a day, named daily', async () => {
    const w = world();
    expect(await w.service.checkSchedule()).toBeNull();
    w.setNow('2026-11-27T12:30:00Z'); // 18:00 IST
    const first = await w.service.checkSchedule();
    expect(first).toMatchObject({ kind: 'daily', createdAt: '2026-11-27T12:30:00.000Z' });
    w.setNow('2026-11-27T18:29:00Z'); // 23:59 IST the same day
    expect(await w.service.checkSchedule()).toBeNull();
    w.setNow('2026-11-28T12:29:59Z');
    expect(await w.service.checkSchedule()).toBeNull();
    w.setNow('2026-11-28T12:31:00Z');
    expect(await w.service.checkSchedule()).toMatchObject({ kind: 'daily', createdAt: '2026-11-28T12:31:00.000Z' });
    expect(listBackups(w.dir).map((b) => b.createdAt)).toEqual([
      '2026-11-28T12:31:00.000Z',
      '2026-11-27T12:30:00.000Z',
    ]);
    expect(w.snapshots()).toBe(2);
  });

  it('a manual backup does not stand in for the daily one; BACKUP_AT moves it', async () => {
    const w = world({ BACKUP_AT: '20:15' });
    w.setNow('2026-11-27T14:00:00Z'); // 19:30 IST
    await w.service.backup('manual');
    expect(await w.service.checkSchedule()).toBeNull();
    w.setNow('2026-11-27T14:45:00Z'); // 20:15 IST
    expect(await w.service.checkSchedule()).toMatchObject({ kind: 'daily' });
  });

  it("a manual backup survives the next daily run's pruning; manual ones are kept by BACKUP_KEEP_MANUAL", async () => {
    const w = world({ BACKUP_KEEP: '1d', BACKUP_KEEP_MANUAL: '2' });
    const manual: string[] = [];
    for (const iso of ['2026-11-27T08:00:00Z', '2026-11-27T10:00:00Z', '2026-11-27T12:00:00Z']) {
      w.setNow(iso);
      manual.push((await w.service.backup('manual')).name);
    }
    w.setNow('2026-11-27T12:30:00Z');
    const daily = await w.service.checkSchedule();
    expect(daily).toMatchObject({ kind: 'daily' });
    expect(listBackups(w.dir).map((b) => b.name)).toEqual([daily!.name, manual[2], manual[1]]);
    expect(w.service.status().schedule.keep).toEqual({ daily: 1, monthly: 0, manual: 2 });
  });

  it('a failed daily backup is recorded and retried later, not every minute', async () => {
    const w = world();
    w.setNow('2026-11-27T12:30:00Z');
    w.fail(true);
    expect(await w.service.checkSchedule()).toBeNull();
    expect(w.service.status().lastFailure).toEqual({
      at: '2026-11-27T12:30:00.000Z',
      kind: 'daily',
      error: 'disk full',
    });
    w.fail(false);
    w.setNow('2026-11-27T12:31:00Z');
    expect(await w.service.checkSchedule()).toBeNull();
    expect(w.snapshots()).toBe(1);
    w.setNow(new Date(Date.parse('2026-11-27T12:30:00Z') + SCHEDULE_RETRY_MS).toISOString());
    expect(await w.service.checkSchedule()).toMatchObject({ kind: 'daily' });
    expect(w.service.status().lastFailure).toBeNull();
  });

  it('BACKUP_AT=off never fires', async () => {
    const w = world({ BACKUP_AT: 'off' });
    w.setNow('2026-11-27T17:00:00Z');
    expect(await w.service.checkSchedule()).toBeNull();
    expect(w.service.status().schedule.at).toBeNull();
  });
});
