/**
 * A fresh app over a fresh database for one test file: in-memory PGlite by default (a copy of the
 * run's migrated template, helpers/pglite-template.ts), or, when
 * TEST_DATABASE_URL points at a PostgreSQL server's maintenance database, a newly created database
 * on that server (dropped again in close()). Plus a small HTTP client with a cookie jar that talks
 * to the app in-process, solves the real captcha and logs in.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { Hono } from 'hono';
import type { Agent } from 'node:https';
import pino from 'pino';
import webpush from 'web-push';
import type { CaptchaDifficulty } from '@server/auth/captcha';
import type { AppDeps, AppEnv } from '@server/context';
import { createApp } from '@server/app';
import { BackupService } from '@server/backups/service';
import { createSecretBox } from '@server/security/crypto';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { parseEnv } from '@server/config/env';
import { logOptions } from '@server/lib/logger';
import { PushNotifier } from '@server/push/push-notifier';
import { solve } from '@tests/support/captcha';

/** Small enough that the in-process solver needs a few milliseconds per login. */
export const TEST_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 10, minCounter: 5, maxCounter: 50 };

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: Database;
  /** Every log line the app wrote (JSON strings), to check what is logged and what never is. */
  logLines: string[];
  /** A client with its own cookie jar; `ip` becomes X-Forwarded-For (TRUST_PROXY is on). */
  client(options?: ClientOptions): TestClient;
  /** Another app over the same database, e.g. with other env limits. */
  withEnv(env: Record<string, string>): Hono<AppEnv>;
  close(): Promise<void>;
}

const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  TRUST_PROXY: '1',
  SEED_DEMO: '0',
  LOGIN_LIMIT_PER_IP: '1000',
  LOGIN_LIMIT_PER_EMAIL: '1000',
  // The site's address for links in mails (required when a test turns mail on).
  PUBLIC_URL: 'https://trabot.test',
};

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A copy of the run's migrated template when the project's globalSetup made one (pglite-template.ts).
    const { templateDump } = await import('./pglite-template');
    const loadDataDir = templateDump();
    return { database: await openPglite(undefined, loadDataDir ? { loadDataDir } : {}), drop: async () => {} };
  }
  const { default: pg } = await import('pg');
  const name = `trabot_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: await openPostgres(url.toString()),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clientDir?: string;
  /** Web Push on: VAPID keys generated for the test, sends through this HTTPS agent (the local push service's). */
  push?: { agent?: Agent };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const logLines: string[] = [];
  const key = randomBytes(32);
  const clientDir = options.clientDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-client-'));
  // Backups (POST /api/admin/backups) go to a folder of the test's own, removed in close().
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-backups-'));
  const env = parseEnv({ ...BASE_ENV, CLIENT_DIR: clientDir, BACKUP_DIR: backupDir, ...options.env });
  const log = pino(logOptions('info'), { write: (line: string) => void logLines.push(line) });
  const deps: AppDeps = {
    db: database.db,
    env,
    log,
    secrets: createSecretBox(key),
    captchaDifficulty: TEST_CAPTCHA_DIFFICULTY,
  };
  deps.backups = new BackupService({ env, database, log, key });
  if (options.push)
    deps.notifier = new PushNotifier(deps, {
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:tests@trabot.test' },
      agent: options.push.agent,
    });
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    logLines,
    client: (clientOptions) => new TestClient(app, clientOptions),
    withEnv: (overrides) =>
      // Its own mailer too: createApp made the first app's from the first env.
      createApp({
        ...deps,
        mailer: undefined,
        env: parseEnv({ ...BASE_ENV, CLIENT_DIR: clientDir, ...options.env, ...overrides }),
      }),
    close: async () => {
      await deps.backups?.settled();
      await database.close();
      await drop();
      fs.rmSync(backupDir, { recursive: true, force: true });
      if (!options.clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

export interface ClientOptions {
  ip?: string;
  /** Origin the app is reached at; https makes every request look HTTPS (X-Forwarded-Proto). */
  origin?: string;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly origin: string;

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly options: ClientOptions = {},
  ) {
    this.origin = options.origin ?? 'http://localhost:3000';
  }

  get https(): boolean {
    return this.origin.startsWith('https:');
  }

  async request(pathname: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    if (this.options.ip) headers.set('x-forwarded-for', this.options.ip);
    if (this.https) headers.set('x-forwarded-proto', 'https');
    if (this.cookies.size && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    // The app sees plain http (as behind a TLS-terminating proxy); the Host header names the origin.
    const url = new URL(pathname, this.origin.replace(/^https:/, 'http:'));
    const res = await this.app.request(url.toString(), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    this.storeCookies(res);
    return res;
  }

  json(pathname: string, json: unknown, headers?: Record<string, string>): Promise<Response> {
    return this.request(pathname, { method: 'POST', json, headers });
  }

  private storeCookies(res: Response) {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
  }

  /** Like the login form: names the email typed, if any (a guarded email gets its harder challenge). */
  async solveCaptcha(email?: string): Promise<string> {
    const res = await this.request(
      email === undefined ? '/api/captcha' : `/api/captcha?email=${encodeURIComponent(email)}`,
    );
    if (res.status !== 200) throw new Error(`GET /api/captcha answered ${res.status}`);
    return solve((await res.json()) as Challenge);
  }

  async login(email: string, password: string): Promise<Response> {
    return this.json('/api/login', { email, password, captcha: await this.solveCaptcha(email) });
  }
}
