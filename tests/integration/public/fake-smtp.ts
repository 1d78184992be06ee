/** A real SMTP server on loopback (smtp-server) that keeps what it receives, for the mail tests. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header block, unfolded. */
  headers: string;
  /** The message after the headers, quoted-printable soft breaks and escapes decoded. */
  body: string;
}

export interface FakeSmtp {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * `reject`: every recipient is refused with 550, as a misconfigured or hostile server would.
 * `refuseAuth`: login is required (over plain text, loopback only) and always refused with 535.
 */
export async function startFakeSmtp(options: { reject?: boolean; refuseAuth?: boolean } = {}): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: !options.refuseAuth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (!options.reject) return callback();
      const refused = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const split = raw.indexOf('\r\n\r\n');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: raw.slice(0, split).replace(/\r\n[ \t]+/g, ' '),
          body: decodeQuotedPrintable(raw.slice(split + 4)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
