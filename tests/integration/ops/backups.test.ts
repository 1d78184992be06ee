/**
 * Backups that restore: a backup of the embedded database taken while a write load runs restores
 * (through the CLI's code, then the CLI itself) into a folder whose rows are the source's at the
 * snapshot, table by table (row counts and checksums), with no transaction half in it; restore
 * refuses a damaged file, a wrong key, a folder a server holds and a folder that has a database;
 * verify catches a restored database that differs from its (signed) manifest. A format-1 backup
 * (unsigned) is refused unless --accept-unauthenticated, then read as before, --force-new-key too.
 * The forgeries are in tests/security/backup-forgery.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE, MANIFEST_FILE, SIGNATURE_FILE, unpackBackup } from '@server/backups/archive';
import { deriveBackupKeys, signManifest } from '@server/backups/seal';
import { restoreBackup, RestoreRefusedError, verifyBackup, NEW_KEY_WARNING } from '@server/backups/restore';
import { BackupService } from '@server/backups/service';
import { tableStats, type TableStats } from '@server/backups/snapshot';
import type { StoredBackup } from '@server/backups/store';
import { openPglite, type Database } from '@server/db/client';
import { openDatabase } from '@server/db/open';
import { DataDirLockedError } from '@server/config/data-dir-lock';
import { parseEnv } from '@server/config/env';
import { unzipSync } from 'fflate';
import { childEnv, removeTempDirs, runTs, tempDir } from '../../support/child-processes';
import { writeFormat1Backup } from '../../support/format1-backup';
import { holdLock } from './helpers';

const log = pino({ level: 'silent' });
const key = randomBytes(32);
const keyFile = (dir: string, k = key) => {
  const file = path.join(dir, 'secret.key');
  fs.writeFileSync(file, k.toString('base64'), { mode: 0o600 });
  return file;
};

let source: Database;
let sourceDir: string;
let backup: StoredBackup;
/** Load transactions committed before the backup started and after it ended. */
let committedBefore = 0;
let committedAfter = 0;

/** Raw SQL through drizzle (PGlite and node-postgres both answer `{ rows }`). */
const queryable = (db: { execute(query: SQL): PromiseLike<unknown> }) => ({
  query: async <T>(text: string) => (await db.execute(sql.raw(text))) as { rows: T[] },
});

/** Stats of a PGlite data folder, opened and closed again. */
async function statsOf(
  pgdata: string,
): Promise<{ stats: Record<string, TableStats>; loadRows: number; loadCounter: string | null; maxLoadId: number }> {
  const restored = await openPglite(pgdata);
  try {
    const db = restored.db;
    const stats = await tableStats(queryable(db));
    const rows = await queryable(db).query<{ n: number; max: number | null }>(
      `select count(*)::int as n, max(warning_id)::int as max from warnings where warning_message like 'load %'`,
    );
    const counter = await queryable(db).query<{ value: string }>(`select value from app_settings where key = 'load'`);
    return {
      stats,
      loadRows: rows.rows[0]!.n,
      maxLoadId: rows.rows[0]!.max ?? 0,
      loadCounter: counter.rows[0]?.value ?? null,
    };
  } finally {
    await restored.close();
  }
}

beforeAll(async () => {
  sourceDir = tempDir('trabot-backup-source-');
  const env = parseEnv({ DATA_DIR: sourceDir });
  // As the server opens it: under the data folder's lock.
  source = await openDatabase(env, log);
  await source.migrate();
  const service = new BackupService({ env, database: source, log, key });

  // The write load: each transaction adds a warning and sets the counter to the number of them.
  const state = { stop: false };
  let committed = 0;
  const load = (async () => {
    while (!state.stop) {
      await source.db.transaction(async (tx) => {
        const n = committed + 1;
        await tx.execute(
          sql`insert into warnings (warning_message, warning_data) values (${`load ${n}`}, ${JSON.stringify({ n })})`,
        );
        await tx.execute(
          sql`insert into app_settings (key, value) values ('load', ${String(n)}) on conflict (key) do update set value = excluded.value`,
        );
      });
      committed++;
    }
  })();
  while (committed < 20) await new Promise((resolve) => setTimeout(resolve, 20));
  committedBefore = committed;
  backup = await service.backup('manual');
  committedAfter = committed;
  while (committed < committedAfter + 20) await new Promise((resolve) => setTimeout(resolve, 20));
  state.stop = true;
  await load;
}, 600_000);

afterAll(async () => {
  await source.close();
  removeTempDirs();
});

describe('a backup taken under a write load', { timeout: 600_000 }, () => {
  it('restores into an empty folder with the rows of the source at the snapshot, table by table', async () => {
    const target = tempDir('trabot-backup-target-');
    const lines: string[] = [];
    const result = await restoreBackup({
      file: backup.file,
      dataDir: target,
      secretKey: undefined,
      keyFile: keyFile(tempDir('trabot-backup-key-')),
      forceNewKey: false,
      print: (line) => lines.push(line),
    });
    expect(lines).toEqual([]);
    expect(result.newKey).toBe(false);
    expect(fs.readFileSync(path.join(target, 'secret.key'), 'utf8')).toBe(key.toString('base64'));
    expect(fs.statSync(path.join(target, 'secret.key')).mode & 0o777).toBe(0o600);

    const { manifest, tableChecksum } = await unpackBackup(fs.readFileSync(backup.file), { key });
    const restored = await statsOf(result.pgdata);
    // Every table's rows as the manifest counted them in the snapshot's window (its checksums keyed).
    const keyed = Object.fromEntries(
      Object.entries(restored.stats).map(([t, s]) => [t, { rows: s.rows, checksum: tableChecksum(t, s.checksum) }]),
    );
    expect(keyed).toEqual(manifest.tables);
    // The load ran across the backup: the snapshot holds some of its transactions, whole ones only.
    expect(restored.loadRows).toBeGreaterThanOrEqual(committedBefore);
    expect(restored.loadRows).toBeLessThanOrEqual(committedAfter);
    expect(restored.loadCounter).toBe(String(restored.loadRows));
    expect(restored.maxLoadId).toBe(restored.loadRows);

    // The source at the snapshot: its tables now, less the load's later rows, have the same checksums.
    const db = source.db;
    const now = await tableStats(queryable(db));
    expect(now['public.warnings']!.rows).toBeGreaterThan(restored.loadRows);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from warnings where warning_id > ${restored.maxLoadId}`);
        await tx.execute(sql`update app_settings set value = ${String(restored.loadRows)} where key = 'load'`);
        const atSnapshot = await tableStats(queryable(tx));
        // Serial sequences are not tables: only the warnings' sequence moved on, which no row shows.
        expect(atSnapshot).toEqual(restored.stats);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message.includes('Rollback'))) throw err;
      });
  });

  it('verifies: the restored copy matches the manifest, and a manifest that lies is caught', async () => {
    const result = await verifyBackup(backup.file, { secretKey: key.toString('base64'), dataDir: sourceDir });
    expect(result.tables).toBeGreaterThan(20);
    expect(result.authenticated).toBe(true);

    // Same database, a manifest claiming one row more in warnings, signed with the key (by its holder).
    const files = unzipSync(fs.readFileSync(backup.file));
    const manifest = JSON.parse(new TextDecoder().decode(files[MANIFEST_FILE])) as {
      tables: Record<string, TableStats>;
      keyDerivation: { salt: string };
    };
    manifest.tables['public.warnings']!.rows += 1;
    const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest));
    const keys = deriveBackupKeys(key, Buffer.from(manifest.keyDerivation.salt, 'hex'));
    const lying = path.join(tempDir('trabot-backup-lying-'), 'trabot-backup-20261127T000000000Z-manual.zip');
    fs.writeFileSync(
      lying,
      zipSync({
        [MANIFEST_FILE]: manifestBytes,
        [SIGNATURE_FILE]: new TextEncoder().encode(signManifest(keys, manifestBytes)),
        [DATA_FILE]: files[DATA_FILE]!,
      }),
    );
    await expect(verifyBackup(lying, { secretKey: key.toString('base64'), dataDir: sourceDir })).rejects.toThrow(
      /differs from the backup's manifest:\n {2}public\.warnings: manifest \d+ rows, restored \d+ rows/,
    );
  });

  it('refuses a damaged file, with or without its checksum file, and restores nothing', async () => {
    const dir = tempDir('trabot-backup-damaged-');
    const damaged = path.join(dir, backup.name);
    const bytes = fs.readFileSync(backup.file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    fs.copyFileSync(`${backup.file}.sha256`, `${damaged}.sha256`);
    const target = tempDir('trabot-backup-target-');
    const restore = (file: string) =>
      restoreBackup({ file, dataDir: target, secretKey: key.toString('base64'), forceNewKey: false, print: () => {} });
    await expect(restore(damaged)).rejects.toThrow(/does not match its checksum/);
    fs.rmSync(`${damaged}.sha256`);
    await expect(restore(damaged)).rejects.toThrow(RestoreRefusedError);
    await expect(restore(damaged)).rejects.toThrow(/damaged/);
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
  });

  it('refuses another secret key (or none), --force-new-key or not: the backup cannot be read without its key', async () => {
    const target = tempDir('trabot-backup-target-');
    keyFile(target, randomBytes(32));
    const restore = (forceNewKey: boolean) =>
      restoreBackup({ file: backup.file, dataDir: target, secretKey: undefined, forceNewKey, print: () => {} });
    for (const forceNewKey of [false, true])
      await expect(restore(forceNewKey)).rejects.toThrow(
        /signature does not match this server's secret key: it was made with another key \(the backup names the key whose fingerprint is [0-9a-f]{16}; this key's is [0-9a-f]{16}\)/,
      );
    await expect(
      restoreBackup({
        file: backup.file,
        dataDir: tempDir('trabot-backup-nokey-'),
        secretKey: undefined,
        forceNewKey: true,
        print: () => {},
      }),
    ).rejects.toThrow(/has no secret.key and SECRET_KEY is not set/);
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
  });

  it('a format-1 backup: refused unless --accept-unauthenticated; then its key is checked, --force-new-key warns', async () => {
    const snapshot = await source.snapshot!();
    const file = path.join(tempDir('trabot-backup-v1-'), 'trabot-backup-20261126T123000000Z-daily.zip');
    writeFormat1Backup(file, {
      createdAt: '2026-11-26T12:30:00.000Z',
      kind: 'daily',
      schema: snapshot.schema,
      secretKeyFingerprint: (await unpackBackup(fs.readFileSync(backup.file), { key })).manifest.secretKeyFingerprint,
      tables: snapshot.tables,
      tar: snapshot.tar,
    });
    const target = tempDir('trabot-backup-target-');
    keyFile(target, randomBytes(32));
    const restore = (options: { acceptUnauthenticated: boolean; forceNewKey: boolean }, print = (_: string) => {}) =>
      restoreBackup({ file, dataDir: target, secretKey: undefined, print, ...options });
    await expect(restore({ acceptUnauthenticated: false, forceNewKey: true })).rejects.toThrow(
      /format-1 backup, neither signed nor encrypted.*--accept-unauthenticated/,
    );
    await expect(restore({ acceptUnauthenticated: true, forceNewKey: false })).rejects.toThrow(
      /made with the secret key whose fingerprint is [0-9a-f]{16}; this data folder would use another/,
    );
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);

    const printed: string[] = [];
    const result = await restore({ acceptUnauthenticated: true, forceNewKey: true }, (line) => printed.push(line));
    expect(printed).toEqual([NEW_KEY_WARNING]);
    expect(NEW_KEY_WARNING).toMatch(/broker .*unreadable/);
    expect(result).toMatchObject({ newKey: true, authenticated: false });
    expect((await statsOf(result.pgdata)).stats).toEqual(snapshot.tables);
  });

  it('refuses a folder a server holds, and one that already has a database', async () => {
    const held = tempDir('trabot-backup-held-');
    keyFile(held);
    const holder = await holdLock(held);
    try {
      await expect(
        restoreBackup({ file: backup.file, dataDir: held, secretKey: undefined, forceNewKey: false, print: () => {} }),
      ).rejects.toThrow(DataDirLockedError);
    } finally {
      await holder.stop();
    }
    expect(fs.existsSync(path.join(held, 'pglite'))).toBe(false);
    await expect(
      restoreBackup({
        file: backup.file,
        dataDir: sourceDir,
        secretKey: key.toString('base64'),
        forceNewKey: false,
        print: () => {},
      }),
    ).rejects.toThrow(DataDirLockedError);
    const full = tempDir('trabot-backup-full-');
    fs.mkdirSync(path.join(full, 'pglite'));
    fs.writeFileSync(path.join(full, 'pglite', 'PG_VERSION'), '17');
    await expect(
      restoreBackup({
        file: backup.file,
        dataDir: full,
        secretKey: key.toString('base64'),
        forceNewKey: false,
        print: () => {},
      }),
    ).rejects.toThrow(/already holds a database/);
  });

  it('npm run cli -- backup verify / restore: exit 0 with a summary, 1 with the refusal', async () => {
    const target = tempDir('trabot-backup-cli-');
    keyFile(target);
    const env = childEnv({ DATA_DIR: tempDir('trabot-backup-cli-env-') });
    const [verify, restore, refused] = await Promise.all([
      runTs('src/server/cli.ts', ['backup', 'verify', backup.file, '--key-file', keyFile(tempDir('trabot-key-'))], env),
      runTs('src/server/cli.ts', ['backup', 'restore', backup.file, '--data-dir', target], env),
      runTs('src/server/cli.ts', ['backup', 'restore', backup.file], env),
    ]);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toContain("Verified: every table's row count and checksum match the manifest.");
    expect(verify.stdout).toContain('file checksum matches its .sha256');
    expect(verify.stdout).toContain('signature matches this secret key, database decrypted');
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored into ${path.join(target, 'pglite')}`);
    expect(restore.stdout).toContain("Secret key: the backup's");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('has no secret.key and SECRET_KEY is not set');
    expect(refused.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
