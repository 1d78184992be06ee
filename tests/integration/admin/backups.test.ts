/**
 * POST /api/admin/backups takes a backup of the embedded database now (201 with its name, size and
 * checksum), GET lists them with the schedule and each off-machine copy's exit status; superadmin
 * only. On PostgreSQL both say that backups are PostgreSQL's own.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { BackupService } from '@server/backups/service';
import { FORBIDDEN, NOT_LOGGED_IN } from '@server/auth/guards';
import type { BackupEntry, BackupsStatus } from '@shared/schemas/admin/backups';
import { TestClient } from '../helpers/test-app';
import { adminTest, type AdminTest } from './setup';

const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-backup-copies-'));
let a: AdminTest;
beforeAll(async () => {
  a = await adminTest({ env: { BACKUP_COPY_COMMAND: `cp "$BACKUP_FILE" "$BACKUP_CHECKSUM_FILE" ${copies}/` } });
});
afterAll(async () => {
  await a.t.close();
  fs.rmSync(copies, { recursive: true, force: true });
});

/** Backups are the embedded database's: on PostgreSQL (TEST_DATABASE_URL) these answer 409, tested below. */
const embeddedIt = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('/api/admin/backups', () => {
  it('refuses the anonymous (401) and members (403), and members take no backup', async () => {
    for (const method of ['GET', 'POST']) {
      const anonymous = await a.anonymous.request('/api/admin/backups', { method });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: NOT_LOGGED_IN });
      const member = await a.member.request('/api/admin/backups', { method });
      expect(member.status).toBe(403);
      expect(await member.json()).toEqual({ error: FORBIDDEN });
    }
    expect(fs.existsSync(a.t.deps.env.BACKUP_DIR!) ? fs.readdirSync(a.t.deps.env.BACKUP_DIR!) : []).toEqual([]);
  });

  embeddedIt(
    'takes a backup on demand: 201 with name, size and checksum; the file is there, 0600, and listed',
    async () => {
      const res = await a.admin.request('/api/admin/backups', { method: 'POST' });
      const body = (await res.json()) as BackupEntry;
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ kind: 'manual', copy: null });
      expect(body.name).toMatch(/^trabot-backup-\d{8}T\d{9}Z-manual\.zip$/);
      const file = path.join(a.t.deps.env.BACKUP_DIR!, body.name);
      expect(fs.statSync(file).size).toBe(body.size);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(sha256(file)).toBe(body.checksum);
      expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toBe(`${body.checksum}  ${body.name}\n`);

      await a.t.deps.backups!.settled();
      const list = await a.admin.request('/api/admin/backups');
      expect(list.status).toBe(200);
      const status = (await list.json()) as BackupsStatus;
      expect(status).toMatchObject({
        database: 'pglite',
        dir: a.t.deps.env.BACKUP_DIR,
        schedule: { at: '18:00', keep: { daily: 14, monthly: 12, manual: 5 } },
        copyCommand: true,
        running: false,
        lastFailure: null,
      });
      expect(status.backups.map((b) => [b.name, b.size, b.checksum])).toEqual([[body.name, body.size, body.checksum]]);
      // The off-machine copy ran after it: exit status recorded, the file and its checksum copied.
      expect(status.backups[0]!.copy).toMatchObject({ exitCode: 0, signal: null });
      expect(sha256(path.join(copies, body.name))).toBe(body.checksum);
      expect(fs.existsSync(path.join(copies, `${body.name}.sha256`))).toBe(true);
    },
  );

  embeddedIt('records a failing copy command with its exit status (never its output)', async () => {
    const failing = new BackupService({
      env: { ...a.t.deps.env, BACKUP_COPY_COMMAND: 'echo "remote unreachable" >&2; exit 3' },
      database: a.t.database,
      log: a.t.deps.log,
      key: Buffer.alloc(32, 7),
    });
    const app = createApp({ ...a.t.deps, backups: failing });
    const admin = new TestClient(app);
    for (const [name, value] of a.admin.cookies) admin.cookies.set(name, value);
    const res = await admin.request('/api/admin/backups', { method: 'POST' });
    expect(res.status).toBe(201);
    const { name } = (await res.json()) as BackupEntry;
    await failing.settled();
    const status = (await (await admin.request('/api/admin/backups')).json()) as BackupsStatus;
    const copy = { exitCode: 3, signal: null, finishedAt: expect.any(String) as string };
    expect(status.backups.find((b) => b.name === name)!.copy).toEqual(copy);
    expect(status.lastCopy).toEqual({ backup: name, ...copy });
    expect(JSON.stringify(status)).not.toContain('remote unreachable');
  });

  embeddedIt('answers 409 while a backup runs, and 429 within a minute of the last on-demand one', async () => {
    const tooSoon = await a.admin.request('/api/admin/backups', { method: 'POST' });
    expect(tooSoon.status).toBe(429);
    expect(await tooSoon.json()).toEqual({
      error: 'A backup was taken less than a minute ago: try again in a minute.',
    });

    const service = new BackupService({
      env: a.t.deps.env,
      database: a.t.database,
      log: a.t.deps.log,
      key: Buffer.alloc(32),
    });
    const daily = service.backup('daily');
    const app = createApp({ ...a.t.deps, backups: service });
    const admin = new TestClient(app);
    for (const [name, value] of a.admin.cookies) admin.cookies.set(name, value);
    const busy = await admin.request('/api/admin/backups', { method: 'POST' });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({ error: 'A backup is already being taken: try again when it is done.' });
    await daily;
  });

  it('on PostgreSQL: GET says so, POST answers 409 naming pg_dump and continuous archiving', async () => {
    const postgres = new BackupService({
      env: a.t.deps.env,
      database: { kind: 'postgres' },
      log: a.t.deps.log,
      key: Buffer.alloc(32),
    });
    const app = createApp({ ...a.t.deps, backups: postgres });
    const admin = new TestClient(app);
    for (const [name, value] of a.admin.cookies) admin.cookies.set(name, value);
    const status = (await (await admin.request('/api/admin/backups')).json()) as BackupsStatus;
    expect(status).toMatchObject({ database: 'postgres', dir: null, schedule: { at: null }, backups: [] });
    const res = await admin.request('/api/admin/backups', { method: 'POST' });
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain('PostgreSQL');
    expect(error).toContain('pg_dump');
    expect(error).toContain('continuous archiving');
  });
});
