/**
 * The mail outbox: e-mails to people (registrants, applicants, members) are queued with a key that
 * makes each one unique (a second queueing of the same key is a no-op), then delivered by the
 * schedule: a row is claimed (pending -> sending) before it goes to SMTP, so no two processes and no
 * two runs ever send it twice; a failure is retried with a growing delay, and after MAX_ATTEMPTS it
 * stays failed. A row claimed by a process that died mid-send stays `sending` (sent at most once).
 * Some mails carry a one-time token (a set-password link, a confirmation link): the stored html holds
 * only a marker where it goes, and the token is minted as the mail leaves, anew at each attempt, so
 * neither the database nor a backup of it ever holds it. Whether a mail has one is decided by its row
 * (its login, its kind), never by the html, which may hold text someone typed.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { createPasswordLink } from '../auth/password-links';
import { hashToken, newToken } from '../auth/sessions';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Mailer } from './mail';

export const MAX_ATTEMPTS = 5;
/** Delay before attempt n+1: 1, 2, 4, 8 minutes. */
export const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);
/** Rows one delivery run sends at most (the next run goes on). */
const BATCH = 50;
/** Where a mail's set-password link token goes (OutboxMail.passwordLinkUserId). */
export const PASSWORD_LINK_TOKEN = '{{password-link-token}}';
/** Stands in the html of a ROW_TOKEN_KINDS mail for its one-time token, whose hash is kept on the row. */
export const OUTBOX_TOKEN = '{{one-time-token}}';
/** The mail that asks a workshop registrant to confirm their address. */
export const WORKSHOP_CONFIRM_MAIL = 'workshop_confirm';
/** Kinds of mail whose one-time token is minted onto their own row (token_hash). */
const ROW_TOKEN_KINDS: ReadonlySet<string> = new Set([WORKSHOP_CONFIRM_MAIL]);

export interface OutboxMail {
  dedupeKey: string;
  kind: string;
  recipient: string;
  subject: string;
  /** Escaped HTML only; in a ROW_TOKEN_KINDS mail, OUTBOX_TOKEN becomes a fresh one-time token when it is sent. */
  html: string;
  workshopRegistrationId?: number;
  trabotClientId?: number;
  /** The login a new set-password link is made for at each sending; `html` has PASSWORD_LINK_TOKEN for its token. */
  passwordLinkUserId?: number;
}

/** Queues the mail unless one with its key exists; returns the new row's id, or null when it existed. */
export async function queueMail(db: Db, mailer: Pick<Mailer, 'enabled'>, mail: OutboxMail, now: Date) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      html: mail.html,
      status: mailer.enabled ? 'pending' : 'off',
      next_attempt_at: now,
      created_at: now,
      workshop_registration_id: mail.workshopRegistrationId ?? null,
      trabot_client_id: mail.trabotClientId ?? null,
      password_link_user_id: mail.passwordLinkUserId ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupe_key })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/** The claimed row's html with its one-time token, if it carries one, minted in place of its marker. */
async function mintToken(db: Db, claimed: typeof mailOutbox.$inferSelect, now: Date): Promise<string> {
  if (claimed.password_link_user_id !== null) {
    const token = await createPasswordLink(db, claimed.password_link_user_id, now);
    return claimed.html.replaceAll(PASSWORD_LINK_TOKEN, token);
  }
  if (ROW_TOKEN_KINDS.has(claimed.kind)) {
    const token = newToken();
    await db
      .update(mailOutbox)
      .set({ token_hash: hashToken(token) })
      .where(eq(mailOutbox.id, claimed.id));
    return claimed.html.replaceAll(OUTBOX_TOKEN, token);
  }
  return claimed.html;
}

/** Sends one row if it is still pending and due; false when another run has it, it is not due or the send failed. */
async function deliverRow(db: Db, mailer: Mailer, log: Logger, id: number, now: Date): Promise<boolean> {
  const [claimed] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.next_attempt_at, now)))
    .returning();
  if (!claimed) return false;
  const html = await mintToken(db, claimed, now);
  const outcome = await mailer.send({ to: claimed.recipient, subject: claimed.subject, html });
  if (outcome === 'sent') {
    await db.update(mailOutbox).set({ status: 'sent', sent_at: now, last_error: null }).where(eq(mailOutbox.id, id));
    log.info({ mailId: id, kind: claimed.kind }, 'outbox: mail sent');
    return true;
  }
  const finalFailure = claimed.attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: finalFailure ? 'failed' : 'pending',
      next_attempt_at: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
      last_error: outcome === 'off' ? 'mail is off' : 'the SMTP server refused or did not answer',
    })
    .where(eq(mailOutbox.id, id));
  log.warn({ mailId: id, kind: claimed.kind, attempts: claimed.attempts, finalFailure }, 'outbox: mail not sent');
  return false;
}

/** Sends the mails that are due now (or only these ids); returns how many were sent. */
export async function deliverDueMail(
  deps: { db: Db; log: Logger },
  mailer: Mailer,
  now: Date,
  only?: number[],
): Promise<number> {
  if (!mailer.enabled || only?.length === 0) return 0;
  const due = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.next_attempt_at, now),
        only ? inArray(mailOutbox.id, only) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) if (await deliverRow(deps.db, mailer, deps.log, id, now)) sent += 1;
  return sent;
}

/** Queues one mail and sends it now (the schedule retries it if this send fails). */
export async function mailNow(deps: { db: Db; log: Logger }, mailer: Mailer, now: Date, mail: OutboxMail) {
  const id = await queueMail(deps.db, mailer, mail, now);
  if (id !== null) await deliverDueMail(deps, mailer, now, [id]);
}
