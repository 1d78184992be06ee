/**
 * The off-machine copy's command and output stay secret (third outside attack, issue 44): GET
 * /api/admin/backups returned the whole BACKUP_COPY_COMMAND and its last output lines, and a failed
 * copy logged both. A command carrying a recognisable token (as a remote's credentials would be),
 * printing it on stdout and stderr and failing: the answers say that a copy command is set and how
 * the last copy ended (exit code, time), and neither they nor the log file (at trace level) hold
 * the token. A copy record written by an older Trabot (command and output in it) is not answered.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '@server/app';
import { BackupService } from '@server/backups/service';
import { createLogger, logFilePath } from '@server/lib/logger';
import type { BackupEntry, BackupsStatus } from '@shared/schemas/admin/backups';
import { createUser } from '../factories/accounts';
import { createTestApp, TestClient, type TestApp } from '../integration/helpers/test-app';
import { removeTempDirs, tempDir } from '../support/child-processes';

const TOKEN = `rclone-token-${randomBytes(12).toString('hex')}`;
const COMMAND = `echo "uploading with ${TOKEN}"; echo "denied for ${TOKEN}" >&2; exit 7 # --token=${TOKEN}`;
const embedded = !process.env.TEST_DATABASE_URL;

let t: TestApp;
let dataDir: string;
let admin: TestClient;
let service: BackupService;

beforeAll(async () => {
  dataDir = tempDir('trabot-backup-status-');
  t = await createTestApp({ env: { DATA_DIR: dataDir, BACKUP_COPY_COMMAND: COMMAND } });
  const log = createLogger({ level: 'trace', dataDir, stdout: false });
  service = new BackupService({ env: t.deps.env, database: t.database, log, key: randomBytes(32) });
  admin = new TestClient(createApp({ ...t.deps, log, backups: service }));
  const user = await createUser(t.deps, { role: 'superadmin', password: 'p'.repeat(16) });
  expect((await admin.login(user.email, 'p'.repeat(16))).status).toBe(200);
});

afterAll(async () => {
  await service.settled();
  await t.close();
  removeTempDirs();
});

describe.runIf(embedded)('the backups answer and the log', () => {
  it('say a copy command is set and its exit code, never the command or its output', async () => {
    const taken = await admin.request('/api/admin/backups', { method: 'POST' });
    const takenText = await taken.text();
    expect(taken.status, takenText).toBe(201);
    const { name } = JSON.parse(takenText) as BackupEntry;
    await service.settled();

    const res = await admin.request('/api/admin/backups');
    const text = await res.text();
    expect(res.status).toBe(200);
    const status = JSON.parse(text) as BackupsStatus;
    expect(status.copyCommand).toBe(true);
    const copy = { exitCode: 7, signal: null, finishedAt: expect.any(String) as string };
    expect(status.lastCopy).toEqual({ backup: name, ...copy });
    expect(status.backups[0]!.copy).toEqual(copy);
    for (const answer of [takenText, text]) {
      expect(answer).not.toContain(TOKEN);
      expect(answer).not.toContain('uploading with');
    }

    const log = await vi.waitFor(
      () => {
        const content = fs.readFileSync(logFilePath(dataDir), 'utf8');
        expect(content).toContain('backup: the copy command failed');
        return content;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(log).toContain('"exitCode":7');
    expect(log).not.toContain(TOKEN);
  });

  it("does not answer what an older Trabot's copy record held", async () => {
    const [backup] = service.status().backups;
    const record = path.join(t.deps.env.BACKUP_DIR!, `${backup!.name}.copy.json`);
    const finishedAt = new Date().toISOString();
    fs.writeFileSync(
      record,
      JSON.stringify({ command: COMMAND, exitCode: 0, signal: null, finishedAt, output: `ok ${TOKEN}` }),
    );
    const text = await (await admin.request('/api/admin/backups')).text();
    expect(text).not.toContain(TOKEN);
    expect((JSON.parse(text) as BackupsStatus).backups[0]!.copy).toEqual({ exitCode: 0, signal: null, finishedAt });
  });
});
