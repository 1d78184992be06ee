/**
 * Mails that hand a new login its set-password link. The link is written with the outbox's marker
 * for its token: the outbox makes the token as the mail leaves (outbox.ts).
 */
import { escapeHtml } from '@shared/form-string';
import { PASSWORD_LINK_TTL_MS, SET_PASSWORD_PATH } from '../auth/password-links';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import type { Mailer } from './mail';
import { mailNow, PASSWORD_LINK_TOKEN } from './outbox';

const HOURS = PASSWORD_LINK_TTL_MS / 3_600_000;

/** `siteOrigin`: scheme://host of the site the person signs in on (the superadmin's, as their browser sees it). */
export function setPasswordParagraph(email: string, siteOrigin: string): string {
  const link = `${escapeHtml(new URL(siteOrigin).origin)}${SET_PASSWORD_PATH}#token=${PASSWORD_LINK_TOKEN}`;
  return (
    `<p>${escapeHtml(`Your login is your e-mail ${email}. Choose your password with this link, within ${HOURS} hours (it works once):`)}</p>` +
    `<p><a href="${link}">${link}</a></p>`
  );
}

/** Mails a login the superadmin added without a password its set-password link, now. */
export async function mailPasswordLink(
  deps: { db: Db; log: Logger },
  mailer: Mailer,
  user: { id: number; name: string; email: string },
  siteOrigin: string,
  now: Date,
): Promise<void> {
  await mailNow(deps, mailer, now, {
    dedupeKey: `password-link:${user.id}`,
    kind: 'password_link',
    recipient: user.email,
    passwordLinkUserId: user.id,
    subject: 'Your Trabot login',
    html: `<p>${escapeHtml(`Dear ${user.name},`)}</p><p>A login to Trabot was made for you.</p>${setPasswordParagraph(user.email, siteOrigin)}`,
  });
}
