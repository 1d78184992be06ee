/** What every request handler can reach: the app's dependencies and the session's user. */
import type { SessionUser } from '../shared/schemas/session';
import type { CaptchaDifficulty } from './auth/captcha';
import type { SecretBox } from './crypto';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';

export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  secrets: SecretBox;
  /** Proof-of-work difficulty of the login captcha; defaults to DEFAULT_CAPTCHA_DIFFICULTY (tests lower it). */
  captchaDifficulty?: CaptchaDifficulty;
  /** The engine running in this process, when it runs: an approval wakes it at once. */
  engine?: { wake(): void };
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Set by the session middleware; null when the request carries no valid session. */
    user: SessionUser | null;
    sessionTokenHash: string | null;
    /** Version of the session user's account trades (see accountTradeVersions); 0 without a session. */
    accountTradesVersion: number;
  };
}
