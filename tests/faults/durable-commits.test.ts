/**
 * Regression (outside sweep): 200 acknowledged writes on the embedded database made
 * no fsync at all, so a power cut could lose writes users were told were saved. The real server runs
 * under strace; every acknowledged write must have reached the kernel's fsync between its request
 * and its answer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { startServer } from '../support/real-server';
import { ApiClient } from './support/api-client';
import { serverEnv } from './support/server-process';

const WRITES = 20;

afterAll(removeTempDirs);

/** Epoch seconds of each fsync or fdatasync that strace -ttt saw succeed. */
function syncTimes(traceFile: string): number[] {
  return fs
    .readFileSync(traceFile, 'utf8')
    .split('\n')
    .map((line) => /^\d+\s+(\d+\.\d+) f(?:data)?sync\(\d+\)\s+= 0$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]));
}

describe('the embedded PGlite database on disk', () => {
  it(`syncs every acknowledged write to stable storage before answering (${WRITES} in a row, under strace)`, async () => {
    const dataDir = tempDir('trabot-faults-durable-');
    const traceFile = path.join(tempDir('trabot-faults-strace-'), 'fsync.trace');
    const server = await startServer({
      env: serverEnv({ dataDir }),
      wrapper: ['strace', '-f', '-ttt', '-e', 'trace=fsync,fdatasync', '-o', traceFile],
    });
    const { child, output, finished } = server;
    try {
      const visitor = new ApiClient(server.url);
      const writes: { sent: number; answered: number }[] = [];
      for (let i = 0; i < WRITES; i++) {
        const sent = Date.now() / 1000;
        const answer = await visitor.request('/api/contact-us', {
          json: { type: 'Research Enquiry', formString: `<p>durable ${i}</p>` },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        writes.push({ sent, answered: Date.now() / 1000 });
      }
      // strace passes its exit code on from the server it runs; the signal goes to the server itself.
      process.kill(Number(execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).trim()), 'SIGTERM');
      expect((await finished).code, output().stderr).toBe(0);

      const syncs = syncTimes(traceFile);
      // 1 ms either side: the two clocks are read by different processes.
      const unsynced = writes.filter(
        ({ sent, answered }) => !syncs.some((t) => t >= sent - 0.001 && t <= answered + 0.001),
      );
      expect(unsynced, `${syncs.length} syncs in the trace`).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        spawnSync('pkill', ['-KILL', '-P', String(child.pid)]);
        child.kill('SIGKILL');
      }
    }
  });
});
