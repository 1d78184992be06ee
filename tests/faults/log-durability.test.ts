/**
 * Regression: after a kill -9 the log file had lost its last 333 lines, because the file
 * was written asynchronously. Every line a process logged must be in the file when it is killed:
 * kill -9 in the middle of a burst of requests, and every request answered before the kill has its
 * log line (and the login its audit line) in DATA_DIR/logs/trabot.log.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { logFilePath } from '@server/lib/logger';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { ApiClient } from './support/api-client';
import { FAULT_LOGINS, startFaultServer } from './support/server-process';

const CLIENTS = 20;
const REQUESTS_EACH = 40;

afterAll(removeTempDirs);

describe('the log file under kill -9', () => {
  it('keeps every line: killed in the middle of a burst of requests, each one answered has its line, and the login its audit line', async () => {
    const dataDir = tempDir('trabot-faults-log-');
    const server = await startFaultServer({ dataDir, env: { LOG_LEVEL: 'info' } });
    try {
      const admin = new ApiClient(server.url);
      await admin.login(FAULT_LOGINS.admin.email, FAULT_LOGINS.admin.password);
      const acknowledged: string[] = [];
      let killed = false;
      const burst = Promise.allSettled(
        Array.from({ length: CLIENTS }, async (_, c) => {
          const visitor = new ApiClient(server.url);
          for (let i = 0; i < REQUESTS_EACH && !killed; i++) {
            const answer = await visitor.request('/api/contact-us', {
              json: { type: 'Research Enquiry', formString: `<p>log ${c}-${i}</p>` },
            });
            // The kill may have come while this request was awaited (TypeScript keeps `killed` false across the await).
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
            if (!killed && answer.status === 201) acknowledged.push(`${c}-${i}`);
          }
        }),
      );
      // Killed mid-burst, the moment the 300th answer arrives.
      while (acknowledged.length < 300) await new Promise((r) => setImmediate(r));
      killed = true;
      server.child.kill('SIGKILL');
      const counted = acknowledged.length;
      await server.finished;
      await burst;

      const lines = fs
        .readFileSync(logFilePath(dataDir), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number; role?: string });
      const logged = lines.filter((l) => l.msg === 'request' && l.path === '/api/contact-us' && l.status === 201);
      expect(logged.length).toBeGreaterThanOrEqual(counted);
      expect(lines.filter((l) => l.msg === 'login' && l.role === 'superadmin')).toHaveLength(1);
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
