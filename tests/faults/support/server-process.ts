/**
 * The real server for the fault tests (tests/support/real-server.ts), with fixed demo logins and
 * limits that a stream of requests from one address does not reach: started, killed and restarted
 * on the same data.
 */
import { childEnv, tempDir } from '../../support/child-processes';
import { startServer, type ServerProcess } from '../../support/real-server';

export const FAULT_LOGINS = {
  member: { email: 'fault-member@trabot.test', password: 'fault-member-password' },
  admin: { email: 'fault-admin@trabot.test', password: 'fault-admin-password' },
} as const;

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Keep the same port across restarts (clients keep their URL). */
  port?: number;
  /** The built client to serve; an empty folder (API only) by default. */
  clientDir?: string;
  /** More environment for the server (overrides the defaults below). */
  env?: Record<string, string>;
}

/** The server's environment for the fault tests (startServer adds HOST and PORT). */
export function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    CLIENT_DIR: options.clientDir ?? tempDir('trabot-faults-client-'),
    SEED_DEMO: '1',
    DEMO_MEMBER_EMAIL: FAULT_LOGINS.member.email,
    DEMO_MEMBER_PASSWORD: FAULT_LOGINS.member.password,
    DEMO_ADMIN_EMAIL: FAULT_LOGINS.admin.email,
    DEMO_ADMIN_PASSWORD: FAULT_LOGINS.admin.password,
    // The stream sends hundreds of submissions and logins from 127.0.0.1.
    PUBLIC_FORM_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_EMAIL: '100000',
    LOG_LEVEL: 'warn',
    // The paper market open whatever the time of day the tests run at.
    MARKET_HOURS: 'always',
    ...options.env,
  });
}

/** Spawns the server; resolves once it answers health 200 (rejects with its output if it exits). */
export function startFaultServer(options: ServerOptions): Promise<ServerProcess> {
  return startServer({ env: serverEnv(options), port: options.port });
}
