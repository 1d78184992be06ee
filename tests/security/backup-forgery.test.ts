/**
 * Forged and altered backups (third outside attack, issue 44): the tester restored a backup whose
 * manifest and data were rewritten consistently (a new superadmin; every checksum recomputed) as
 * "made with the right key", and read password hashes and members' details in clear inside.
 * Here, as an attacker who knows the format but not the secret key would: a format-1 forgery with
 * the victim's key fingerprint copied in, a format-2 one signed with the attacker's own key, a
 * manifest edited after signing, a bit flipped in the data (each with its `.sha256` recomputed),
 * and a genuine backup read with another server's key: every one refused by name, by restore and
 * verify, before any database is loaded. And no password hash or member's email in the file.
 * Backups are the embedded database's: skipped on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packBackup } from '@server/backups/archive';
import { restoreBackup, verifyBackup } from '@server/backups/restore';
import { BackupService } from '@server/backups/service';
import type { StoredBackup } from '@server/backups/store';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { writeChecksumFile, writeFormat1Backup } from '../support/format1-backup';

const key = randomBytes(32);
const attackerKey = randomBytes(32);
let victim: TestApp;
let attacker: TestApp;
let genuine: StoredBackup;
let memberEmail: string;
let passwordHash: string;

const manifestOf = (file: string) =>
  JSON.parse(new TextDecoder().decode(unzipSync(fs.readFileSync(file))['manifest.json'])) as Record<string, unknown> & {
    secretKeyFingerprint: string;
    tables: Record<string, { rows: number; checksum: string }>;
  };

/** Writes a backup file and the `.sha256` an attacker recomputes to go with it. */
function plant(bytes: Uint8Array, name = genuine.name): string {
  const file = path.join(tempDir('trabot-forged-'), name);
  fs.writeFileSync(file, bytes);
  writeChecksumFile(file, bytes);
  return file;
}

/** Restore with the victim's key into a fresh folder, and verify; both must refuse, nothing loaded. */
async function expectRefused(file: string, message: RegExp, options: { acceptUnauthenticated?: boolean } = {}) {
  const target = tempDir('trabot-forged-target-');
  await expect(
    restoreBackup({
      file,
      dataDir: target,
      secretKey: key.toString('base64'),
      forceNewKey: false,
      print: () => {},
      ...options,
    }),
  ).rejects.toThrow(message);
  expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
  await expect(verifyBackup(file, { secretKey: key.toString('base64'), dataDir: target, ...options })).rejects.toThrow(
    message,
  );
}

const embedded = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  if (!embedded) return;
  victim = await createTestApp();
  const login = await createMemberLogin(victim.deps);
  memberEmail = login.member.email_id!;
  passwordHash = login.user.password_hash!;
  genuine = await new BackupService({
    env: victim.deps.env,
    database: victim.database,
    log: pino({ level: 'silent' }),
    key,
  }).backup('manual');

  // The attacker's own database: this version's schema, a superadmin of theirs.
  attacker = await createTestApp();
  await createUser(attacker.deps, { role: 'superadmin', email: 'intruder@attacker.test', password: 'x'.repeat(16) });
}, 120_000);

afterAll(async () => {
  if (embedded) {
    await victim.close();
    await attacker.close();
  }
  removeTempDirs();
});

describe.runIf(embedded)('backups are encrypted', () => {
  it('holds no password hash nor member email in clear, nor once decompressed', () => {
    const bytes = fs.readFileSync(genuine.file);
    const entries = unzipSync(bytes);
    const needles = [memberEmail, passwordHash, passwordHash.split('$').at(-1)!];
    const insides = [bytes, ...Object.values(entries)];
    for (const entry of Object.values(entries)) {
      try {
        insides.push(gunzipSync(entry));
      } catch {
        // Encrypted: not gzip.
      }
    }
    for (const inside of insides)
      for (const needle of needles) expect(Buffer.from(inside).includes(needle), needle).toBe(false);
    expect(Object.keys(entries).sort()).toEqual(['manifest.json', 'manifest.sig', 'pgdata.tar.gz.enc']);
  });
});

describe.runIf(embedded)(
  'forged or altered backups are refused before anything is loaded',
  { timeout: 120_000 },
  () => {
    it('a format-1 forgery (the victim fingerprint copied in, every checksum recomputed)', async () => {
      const snapshot = await attacker.database.snapshot!();
      const file = path.join(tempDir('trabot-forged-'), genuine.name);
      writeFormat1Backup(file, {
        createdAt: new Date().toISOString(),
        kind: 'manual',
        schema: snapshot.schema,
        secretKeyFingerprint: manifestOf(genuine.file).secretKeyFingerprint,
        tables: snapshot.tables,
        tar: snapshot.tar,
      });
      await expectRefused(file, /format-1 backup, neither signed nor encrypted.*--accept-unauthenticated/);
    });

    it("a format-2 forgery signed with the attacker's key, the victim fingerprint copied in", async () => {
      const snapshot = await attacker.database.snapshot!();
      const entries = unzipSync(await packBackup({ createdAt: new Date(), kind: 'manual', ...snapshot }, attackerKey));
      const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json'])) as Record<string, unknown>;
      manifest.secretKeyFingerprint = manifestOf(genuine.file).secretKeyFingerprint;
      entries['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
      await expectRefused(
        plant(zipSync(entries)),
        /signature does not match this server's secret key: the file was altered after it was made/,
      );
    });

    it("a genuine backup's manifest edited (rows changed)", async () => {
      const entries = unzipSync(fs.readFileSync(genuine.file));
      const manifest = manifestOf(genuine.file);
      manifest.tables['public.users']!.rows += 1;
      entries['manifest.json'] = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
      await expectRefused(plant(zipSync(entries)), /signature does not match this server's secret key: .*altered/);
    });

    it('a bit flipped in the encrypted data', async () => {
      const entries = unzipSync(fs.readFileSync(genuine.file));
      const data = entries['pgdata.tar.gz.enc']!;
      data[data.length >> 1]! ^= 0x01;
      await expectRefused(plant(zipSync(entries)), /the file was altered or damaged after it was made/);
    });

    it("a genuine backup read with another server's secret key", async () => {
      const target = tempDir('trabot-forged-target-');
      const other = attackerKey.toString('base64');
      const message = /signature does not match this server's secret key: it was made with another key/;
      await expect(
        restoreBackup({ file: genuine.file, dataDir: target, secretKey: other, forceNewKey: true, print: () => {} }),
      ).rejects.toThrow(message);
      await expect(verifyBackup(genuine.file, { secretKey: other, dataDir: target })).rejects.toThrow(message);
      expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
    });

    it('while the genuine backup, with its key, verifies', async () => {
      const result = await verifyBackup(genuine.file, { secretKey: key.toString('base64'), dataDir: tempDir('k-') });
      expect(result).toMatchObject({ authenticated: true, checksumFileFound: true });
    });
  },
);
