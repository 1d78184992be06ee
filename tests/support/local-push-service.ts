/**
 * A push service on loopback for tests and the bench: an HTTPS server (a self-signed certificate
 * made with openssl for 127.0.0.1) that takes Web Push requests as FCM or Mozilla's autopush do
 * (RFC 8030: POST to the subscription's endpoint, 201 Created), keeps each one, and answers 410
 * Gone for endpoints the test marks as gone. `browser()` makes what a browser holds: a
 * subscription whose keys are real (ECDH P-256 and an auth secret), and decrypts what arrives for
 * it (RFC 8291, aes128gcm), so a test reads the payload exactly as the service worker would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

export interface FakeBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The pushes that reached this subscription, decrypted (JSON-parsed). */
  received(): unknown[];
}

export interface LocalPushService {
  origin: string;
  /** An agent that trusts the service's certificate (and nothing else). */
  agent: https.Agent;
  pushes: ReceivedPush[];
  browser(name?: string): FakeBrowser;
  /** Answer 410 Gone for this endpoint from now on. */
  markGone(endpoint: string): void;
  /** Resolves when `count` pushes have arrived in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const { key, cert } = selfSignedCertificate();
  const pushes: ReceivedPush[] = [];
  const gone = new Set<string>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (gone.has(req.url ?? '')) {
        res.writeHead(410).end();
        return;
      }
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      res.writeHead(201, { location: `/message/${pushes.length}` }).end();
      for (const w of waiters.filter((w) => pushes.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert });
  let browsers = 0;

  return {
    origin,
    agent,
    pushes,
    browser(name = `device-${++browsers}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpointPath = `/push/${name}-${randomBytes(4).toString('hex')}`;
      return {
        subscription: {
          endpoint: `${origin}${endpointPath}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        received: () =>
          pushes
            .filter((p) => p.path === endpointPath)
            .map(
              (p) =>
                JSON.parse(
                  ece
                    .decrypt(p.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') })
                    .toString('utf8'),
                ) as unknown,
            ),
      };
    },
    markGone(endpoint) {
      gone.add(new URL(endpoint).pathname);
    },
    waitFor(count, timeoutMs = 5_000) {
      if (pushes.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${pushes.length} of ${count} pushes arrived in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
