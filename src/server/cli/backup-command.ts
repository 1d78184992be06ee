/** `backup restore` and `backup verify`: they work on a backup file and a data folder, not on the server's open database. */
import path from 'node:path';
import { DataDirLockedError } from '../config/data-dir-lock';
import { makeDataDirPrivate } from '../config/data-dir';
import { parseEnv } from '../config/env';
import { restoreBackup, RestoreRefusedError, verifyBackup, type VerifyResult } from '../backups/restore';
import type { Command } from './command';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function describe(file: string, result: VerifyResult): string {
  const { manifest } = result;
  return (
    `${path.basename(file)}: taken ${manifest.createdAt} (${manifest.kind}), schema ${manifest.schema.last ?? 'none'} ` +
    `(${manifest.schema.migrations} migrations), ${result.tables} tables, ${result.rows} rows, database ${mb(manifest.data.bytes)}, ` +
    `secret key fingerprint ${manifest.secretKeyFingerprint}` +
    (result.authenticated
      ? '; signature matches this secret key, database decrypted'
      : '; format 1: NOT signed nor encrypted, accepted by --accept-unauthenticated') +
    (result.checksumFileFound
      ? '; file checksum matches its .sha256'
      : "; no .sha256 next to it (the manifest's checksum matched)")
  );
}

export async function runBackupCommand(
  command: Extract<Command, { kind: 'backup restore' | 'backup verify' }>,
): Promise<number> {
  try {
    const env = parseEnv();
    if (command.kind === 'backup verify') {
      const result = await verifyBackup(command.file, {
        secretKey: env.SECRET_KEY,
        keyFile: command.keyFile,
        dataDir: path.resolve(env.DATA_DIR),
        acceptUnauthenticated: command.acceptUnauthenticated,
      });
      console.log(
        `Verified: every table's row count and checksum match the manifest.\n${describe(command.file, result)}`,
      );
      return 0;
    }
    const dataDir = path.resolve(command.dataDir ?? env.DATA_DIR);
    makeDataDirPrivate(dataDir);
    const result = await restoreBackup({
      file: command.file,
      dataDir,
      secretKey: env.SECRET_KEY,
      keyFile: command.keyFile,
      forceNewKey: command.forceNewKey,
      acceptUnauthenticated: command.acceptUnauthenticated,
      print: (line) => console.error(line),
    });
    console.log(
      `Restored into ${result.pgdata}; every table's row count and checksum match the manifest.\n${describe(command.file, result)}` +
        (result.newKey
          ? `\nThe data folder uses a NEW secret key (fingerprint ${result.keyFingerprint}): re-enter each account's broker access key.`
          : `\nSecret key: the backup's (fingerprint ${result.keyFingerprint}).`) +
        `\nStart the server with DATA_DIR=${dataDir}.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefusedError || err instanceof DataDirLockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}
