/**
 * Retention: daily backups by BACKUP_KEEP (restic's keep-daily/keep-monthly): the newest daily
 * backup of each of the last N days and M months that have one, in India's calendar, and always
 * the newest; manual backups by their own rule, the newest BACKUP_KEEP_MANUAL. What is not kept is
 * deleted with its checksum and copy files, and half-written files never count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupName,
  backupsToKeep,
  listBackups,
  pruneBackups,
  removePartials,
  storeBackup,
  PARTIAL_PREFIX,
  type BackupKind,
} from '@server/backups/store';
import { parseEnv } from '@server/config/env';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-retention-'));
  dirs.push(dir);
  return dir;
};

const at = (iso: string, kind: BackupKind = 'daily') => ({ createdAt: new Date(iso).toISOString(), label: iso, kind });
const kept = (backups: ReturnType<typeof at>[], keep: { daily: number; monthly: number; manual?: number }) =>
  [...backupsToKeep(backups, { manual: 5, ...keep })].map((b) => b.label).sort();

describe('backupsToKeep', () => {
  it("keeps the newest of each of the last N days with a backup, days in India's calendar", () => {
    const backups = [
      at('2026-11-27T12:30:00Z'), // 27 Nov 18:00 IST
      at('2026-11-27T05:00:00Z'), // 27 Nov 10:30 IST, an earlier one the same day
      at('2026-11-26T19:00:00Z'), // 27 Nov 00:30 IST: still the 27th in India
      at('2026-11-26T12:30:00Z'), // 26 Nov
      at('2026-11-24T12:30:00Z'), // 24 Nov (25th missed)
      at('2026-11-23T12:30:00Z'),
    ];
    expect(kept(backups, { daily: 3, monthly: 0 })).toEqual(
      ['2026-11-27T12:30:00Z', '2026-11-26T12:30:00Z', '2026-11-24T12:30:00Z'].sort(),
    );
  });

  it('keeps the newest of each of the last M months besides the dailies, and always the newest', () => {
    const backups = [
      at('2026-11-27T12:30:00Z'),
      at('2026-11-26T12:30:00Z'),
      at('2026-10-31T12:30:00Z'),
      at('2026-10-30T12:30:00Z'),
      at('2026-09-30T12:30:00Z'),
      at('2026-08-31T12:30:00Z'),
      at('2026-07-31T19:00:00Z'), // 1 Aug 00:30 IST: August's, older than 31 Aug's
    ];
    expect(kept(backups, { daily: 2, monthly: 3 })).toEqual(
      ['2026-11-27T12:30:00Z', '2026-11-26T12:30:00Z', '2026-10-31T12:30:00Z', '2026-09-30T12:30:00Z'].sort(),
    );
    expect(kept(backups, { daily: 0, monthly: 0 })).toEqual(['2026-11-27T12:30:00Z']);
    expect(kept(backups, { daily: 14, monthly: 12 })).toHaveLength(7);
  });

  it('the default BACKUP_KEEP over 400 daily backups: 14 days and 12 months (one month both)', () => {
    const { BACKUP_KEEP } = parseEnv({});
    expect(BACKUP_KEEP).toEqual({ daily: 14, monthly: 12 });
    const start = Date.parse('2026-11-27T12:30:00Z');
    const backups = Array.from({ length: 400 }, (_, i) => at(new Date(start - i * 86_400_000).toISOString()));
    const keep = kept(backups, BACKUP_KEEP);
    // 14 days of November, then the last day of each of the 11 months before.
    expect(keep).toHaveLength(14 + 11);
    expect(keep).toContain('2026-10-31T12:30:00.000Z');
    expect(keep).toContain('2025-12-31T12:30:00.000Z');
    expect(keep).not.toContain('2025-11-30T12:30:00.000Z');
  });

  it('keeps manual backups by their own count: the daily backup of their day does not push them out', () => {
    const backups = [
      at('2026-11-28T12:30:00Z'), // the daily run right after the manual backups
      at('2026-11-28T12:29:00Z', 'manual'),
      at('2026-11-28T05:00:00Z', 'manual'),
      at('2026-11-27T12:30:00Z'),
      at('2026-11-20T05:00:00Z', 'manual'),
      at('2026-10-01T05:00:00Z', 'manual'),
    ];
    expect(kept(backups, { daily: 1, monthly: 0, manual: 3 })).toEqual(
      ['2026-11-28T12:30:00Z', '2026-11-28T12:29:00Z', '2026-11-28T05:00:00Z', '2026-11-20T05:00:00Z'].sort(),
    );
    // The day's newest daily backup is kept, never a manual one in its place.
    expect(kept(backups, { daily: 2, monthly: 0, manual: 1 })).toEqual(
      ['2026-11-28T12:30:00Z', '2026-11-27T12:30:00Z', '2026-11-28T12:29:00Z'].sort(),
    );
    const { BACKUP_KEEP_MANUAL } = parseEnv({});
    expect(BACKUP_KEEP_MANUAL).toBe(5);
    expect(parseEnv({ BACKUP_KEEP_MANUAL: '12' }).BACKUP_KEEP_MANUAL).toBe(12);
    expect(() => parseEnv({ BACKUP_KEEP_MANUAL: '0' })).toThrow(/BACKUP_KEEP_MANUAL/);
  });

  it('BACKUP_KEEP reads days and months, and refuses anything else', () => {
    expect(parseEnv({ BACKUP_KEEP: '7d,3m' }).BACKUP_KEEP).toEqual({ daily: 7, monthly: 3 });
    expect(parseEnv({ BACKUP_KEEP: '30d' }).BACKUP_KEEP).toEqual({ daily: 30, monthly: 0 });
    expect(() => parseEnv({ BACKUP_KEEP: '14' })).toThrow(/BACKUP_KEEP must read like 14d,12m/);
    expect(() => parseEnv({ BACKUP_AT: '25:00' })).toThrow(/BACKUP_AT must be a time HH:MM/);
    expect(parseEnv({ BACKUP_AT: 'off' }).BACKUP_AT).toBe('off');
  });
});

describe('the backup folder', () => {
  it('prunes what retention does not keep, with its checksum and copy files', () => {
    const dir = tempDir();
    const names = ['2026-11-27T12:30:00Z', '2026-11-27T06:00:00Z', '2026-11-26T12:30:00Z', '2026-10-31T12:30:00Z'].map(
      (iso, i) => storeBackup(dir, backupName(new Date(iso), i === 1 ? 'manual' : 'daily'), new Uint8Array([i])).name,
    );
    fs.writeFileSync(path.join(dir, `${names[1]}.copy.json`), '{}');
    const removed = pruneBackups(dir, { daily: 1, monthly: 2, manual: 0 });
    expect(removed.sort()).toEqual([names[1], names[2]].sort());
    expect(fs.readdirSync(dir).sort()).toEqual([names[0], `${names[0]}.sha256`, names[3], `${names[3]}.sha256`].sort());
    expect(listBackups(dir).map((b) => b.name)).toEqual([names[0], names[3]]);
  });

  it('never lists a half-written backup, and the next backup removes what a killed one left', () => {
    const dir = tempDir();
    const good = storeBackup(dir, backupName(new Date('2026-11-26T12:30:00Z'), 'daily'), new Uint8Array([1, 2, 3]));
    expect(fs.statSync(good.file).mode & 0o777).toBe(0o600);
    const name = backupName(new Date('2026-11-27T12:30:00Z'), 'daily');
    // Killed mid-write (a .partial- file), and killed between the checksum file and the rename.
    fs.writeFileSync(path.join(dir, `${PARTIAL_PREFIX}999999-${name}`), 'half');
    fs.writeFileSync(path.join(dir, `${name}.sha256`), `${'0'.repeat(64)}  ${name}\n`);
    // A zip under a good name without its checksum file (copied in by hand) is not listed as good either.
    fs.writeFileSync(path.join(dir, backupName(new Date('2026-11-25T12:30:00Z'), 'manual')), 'x');
    expect(listBackups(dir).map((b) => b.name)).toEqual([good.name]);
    const removed = removePartials(dir, () => false);
    expect(removed.sort()).toEqual([`${PARTIAL_PREFIX}999999-${name}`, `${name}.sha256`].sort());
  });
});
