/**
 * The third outside attack's "generated member passwords kept in clear": after the superadmin
 * accepts an application and its mail has gone, neither what the mail carries (a set-password
 * link's token; before the fix, a generated password) nor the password the member then chooses is
 * in any text/json/bytea column of any table or in a dump of the database (PGlite's data directory
 * with its WAL, or pg_dump), whole or as base64, hex or any 8-character piece.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../integration/public/fake-smtp';
import { textLikeValues } from './support/db-snapshot';
import { databaseDump, leaksIn } from './support/secret-search';
import { createWorld, jsonPayload, send, type World } from './support/world';

let w: World;
let smtp: FakeSmtp;
const CHOSEN = 'Meera-chose-9f27c1d4';
/** What the invitation carried, then the password chosen through it. */
const secrets: string[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtp();
  w = await createWorld({ env: { SMTP_URL: smtp.url, MAIL_TO: 'firm@example.com' } });
  const accepted = await send(
    w.clients.superadmin,
    'POST',
    `/api/admin/membership/applications/${w.ids.member.applicationToAccept}/accept`,
    jsonPayload({ name: 'Meera Iyer', email_id: 'meera@security.test', phone_no: '+919811122233' }),
  );
  expect(accepted.status, accepted.text).toBe(201);
  const mail = smtp.mails.find((m) => m.to.includes('meera@security.test'));
  expect(mail, 'the invitation was sent').toBeDefined();
  // Whatever secret the mail hands over: a link's token, or (before the fix) a password.
  const token = /\/set-password#token=([A-Za-z0-9_-]{43})/.exec(mail!.body)?.[1];
  const password = /this password: ([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
  secrets.push(...[token, password].filter((s): s is string => s !== undefined));
  expect(secrets, 'the mail hands over a token or a password').toHaveLength(1);
  if (token) {
    const set = await send(
      w.t.client(),
      'POST',
      '/api/set-password',
      jsonPayload({ token, new_password: CHOSEN, confirm_password: CHOSEN }),
    );
    expect(set.status, set.text).toBe(200);
    secrets.push(CHOSEN);
    expect((await w.t.client().login('meera@security.test', CHOSEN)).status).toBe(200);
  } else {
    // The old code's password signs in: the one anyone reading a backup would use.
    expect((await w.t.client().login('meera@security.test', password!)).status).toBe(200);
  }
});
afterAll(async () => {
  await w.close();
  await smtp.close();
});

describe("an accepted applicant's secrets, once the mail has gone", () => {
  it('appear in no text, varchar, json or bytea column of any table', async () => {
    const values = await textLikeValues(w.t.deps.db);
    // The search reaches the mail as stored, and the login.
    expect(values.some((v) => v.table === 'mail_outbox' && v.value.includes('Dear Meera Iyer'))).toBe(true);
    expect(values.some((v) => v.table === 'users' && v.value === 'meera@security.test')).toBe(true);
    const found = values.flatMap((v) => leaksIn(v.value, secrets).map((l) => `${v.table}.${v.column}: ${l}`));
    expect(found).toEqual([]);
  });

  it('appear nowhere in a dump of the database', async () => {
    const dump = await databaseDump(w.t);
    expect(dump.includes(Buffer.from('meera@security.test'))).toBe(true);
    expect(leaksIn(dump.toString('latin1'), secrets)).toEqual([]);
    expect(leaksIn(dump.toString('utf8'), secrets)).toEqual([]);
  });
});
