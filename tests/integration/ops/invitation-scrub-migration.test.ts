/**
 * Migration 0029 on a database of the version before it: the invitations that carried a generated
 * password in clear lose their text, and one not sent yet is not sent any more; other mails stay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '@server/db/client';

const SCRUB = '0029_set-password-links';
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-migrations-'));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before SCRUB. */
function migrationsBefore(): string {
  fs.cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === SCRUB);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

it('scrubs the invitations that carried a password and leaves the other mails', async () => {
  const pglite = new PGlite();
  const db = drizzle(pglite);
  await migrate(db, { migrationsFolder: migrationsBefore() });
  await pglite.query(
    `insert into mail_outbox (dedupe_key, kind, recipient, subject, html, status) values
      ('invitation:1', 'membership_invitation', 'a@x.in', 'Welcome', '<p>this password: Secret-sent-1</p>', 'sent'),
      ('invitation:2', 'membership_invitation', 'b@x.in', 'Welcome', '<p>this password: Secret-pending-2</p>', 'pending'),
      ('invitation:3', 'membership_invitation', 'c@x.in', 'Welcome', '<p>this password: Secret-off-3</p>', 'off'),
      ('payment-link:1:2026-12', 'payment_link', 'a@x.in', 'Fee', '<p>Pay here</p>', 'pending')`,
  );
  await migrate(db, { migrationsFolder });
  const { rows } = await pglite.query<{ dedupe_key: string; html: string; status: string; last_error: string | null }>(
    'select dedupe_key, html, status, last_error from mail_outbox order by id',
  );
  const scrubbed = '<p>This mail carried a generated password; its text was removed.</p>';
  expect(rows).toEqual([
    { dedupe_key: 'invitation:1', html: scrubbed, status: 'sent', last_error: null },
    {
      dedupe_key: 'invitation:2',
      html: scrubbed,
      status: 'failed',
      last_error: 'not sent: it carried a password in clear',
    },
    { dedupe_key: 'invitation:3', html: scrubbed, status: 'off', last_error: null },
    { dedupe_key: 'payment-link:1:2026-12', html: '<p>Pay here</p>', status: 'pending', last_error: null },
  ]);
  await pglite.close();
}, 120_000); // two full migration runs on a busy 2-core machine: about 30 s
