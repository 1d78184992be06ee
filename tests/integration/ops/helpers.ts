/** Helpers of the ops tests: a process holding a data folder's lock, a pid that is gone. */
import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv, collect, spawnTs, waitForOutput, type Finished } from '../../support/child-processes';

/** A child holding the data-folder lock of `dataDir` until it is stopped. */
export async function holdLock(dataDir: string): Promise<{ child: ChildProcess; stop: () => Promise<Finished> }> {
  const child = spawnTs('tests/integration/ops/fixtures/hold-lock.ts', [dataDir], childEnv({}));
  const { output, finished } = collect(child);
  await waitForOutput(child, output, (out) => out.stdout.includes('locked'));
  return {
    child,
    stop: () => {
      child.kill('SIGTERM');
      return finished;
    },
  };
}

/** A pid that belonged to a process which has exited. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.on('close', resolve));
  return pid;
}
