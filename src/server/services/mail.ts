/**
 * E-mail to the firm for public submissions, over SMTP when SMTP_URL and MAIL_TO are set. Without
 * them mail is off (said once in the log at start-up) and submissions live in the database only.
 * A send never throws: its outcome is returned as the mail_status to record.
 */
import { createTransport } from 'nodemailer';
import type { MailStatus } from '../db/schema';
import type { Env } from '../config/env';
import type { Logger } from '../lib/logger';

export interface FirmMail {
  subject: string;
  /** Sanitized or escaped HTML only. */
  html: string;
  /** The visitor's address, when the submission has one. */
  replyTo?: string;
  /** Another recipient than the firm (MAIL_TO): a registrant, a member, an applicant (services/outbox.ts). */
  to?: string;
}

export interface Mailer {
  readonly enabled: boolean;
  send(mail: FirmMail): Promise<Exclude<MailStatus, 'pending'>>;
}

// A slow or unreachable SMTP server delays the visitor's answer by at most about this much.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_TO' | 'MAIL_FROM'>, log: Logger): Mailer {
  const { SMTP_URL: url, MAIL_TO: to } = env;
  if (!url || !to) {
    if (url)
      log.warn('mail is off: SMTP_URL is set but MAIL_TO is not; public submissions are stored in the database only');
    else log.info('mail is off (no SMTP_URL): public submissions are stored in the database only');
    return { enabled: false, send: async () => 'off' };
  }
  const from = env.MAIL_FROM ?? to.split(',')[0]!.trim();
  const transport = createTransport({ url, ...SMTP_TIMEOUTS });
  log.info({ smtpHost: new URL(url).host }, 'mail is on: public submissions are e-mailed to MAIL_TO');
  return {
    enabled: true,
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to ?? to,
          subject: mail.subject,
          html: mail.html,
          replyTo: mail.replyTo,
        });
        return 'sent';
      } catch (err) {
        // Only what helps an operator; the error object also carries the SMTP command sent.
        const { message, code, responseCode } = err as { message?: string; code?: string; responseCode?: number };
        log.error(
          { error: { message, code, responseCode }, subject: mail.subject },
          mail.to ? 'mail failed; the outbox retries it' : 'mail to the firm failed; the submission is stored',
        );
        return 'failed';
      }
    },
  };
}
