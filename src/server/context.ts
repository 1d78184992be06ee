/** What every request handler can reach: the app's dependencies and the session's user. */
import type { SessionUser } from '../shared/schemas/session';
import type { SecretBox } from './crypto';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';

export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  secrets: SecretBox;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Set by the session middleware; null when the request carries no valid session. */
    user: SessionUser | null;
    sessionTokenHash: string | null;
  };
}
