/**
 * A format-1 backup file, as Trabot wrote them before backups were signed and encrypted (and as
 * anyone who knows that format can write one): a zip of `manifest.json` and `pgdata.tar.gz` in
 * clear, the manifest's checksums computed over whatever database the writer chose, and the
 * `.sha256` side file next to it. Built here from the format's description, not from the server's code.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';

export interface Format1Content {
  createdAt: string;
  kind: 'daily' | 'manual';
  schema: { migrations: number; last: string | null; hash: string | null };
  /** Copied from a genuine backup's readable manifest by a forger. */
  secretKeyFingerprint: string;
  tables: Record<string, { rows: number; checksum: string }>;
  tar: Uint8Array;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** Writes `file` and `file.sha256`; returns the file's bytes. */
export function writeFormat1Backup(file: string, content: Format1Content): Buffer {
  const manifest = {
    format: 'trabot-backup',
    formatVersion: 1,
    createdAt: content.createdAt,
    kind: content.kind,
    database: 'pglite',
    schema: content.schema,
    secretKeyFingerprint: content.secretKeyFingerprint,
    tables: content.tables,
    data: { file: 'pgdata.tar.gz', bytes: content.tar.byteLength, sha256: sha256(content.tar) },
  };
  const bytes = Buffer.from(
    zipSync({
      'manifest.json': [new TextEncoder().encode(JSON.stringify(manifest, null, 2)), { level: 0 }],
      'pgdata.tar.gz': [gzipSync(content.tar), { level: 0 }],
    }),
  );
  fs.writeFileSync(file, bytes, { mode: 0o600 });
  writeChecksumFile(file, bytes);
  return bytes;
}

/** The `.sha256` side file next to a backup, as sha256sum writes it (and anyone can recompute it). */
export function writeChecksumFile(file: string, bytes: Uint8Array): void {
  fs.writeFileSync(`${file}.sha256`, `${sha256(bytes)}  ${path.basename(file)}\n`);
}
