/**
 * A throwaway PostgreSQL 15 cluster the fault tests can stop and start again (like
 * scripts/with-postgres.sh; as root it runs as the `postgres` user). Durable commits are kept on
 * (synchronous_commit), since the point is what survives an immediate stop; fsync is off because
 * only processes die here, never the machine.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/real-server';

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode>`: immediate is a crash (no checkpoint, clients cut off). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP / SIGCONT to the server and its backends: a database that stops answering without closing anything. */
  freeze(): void;
  thaw(): void;
  createDatabase(name: string): Promise<string>;
  destroy(): Promise<void>;
}

function pgCommand(binary: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const file = path.join(PG_BIN, binary);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-faults-pg-'));
  const dataDir = path.join(workdir, 'data');
  const socketDir = path.join(workdir, 'socket');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(socketDir);
  if (asRoot) await run('chown', ['-R', 'postgres:', workdir]);
  await pgCommand('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale']);
  const port = await freePort();
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  let running = false;
  let frozen: number[] = [];

  /** The postmaster (first line of postmaster.pid) and its children. */
  const serverPids = (): number[] => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // Field 4 of /proc/<pid>/stat (after the parenthesised name) is the parent pid.
          return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
        } catch {
          return false; // ended meanwhile
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };

  const cluster: PostgresCluster = {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgCommand('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(workdir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        options,
        'start',
      ]);
      running = true;
    },
    async stop(mode) {
      await pgCommand('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    freeze() {
      frozen = serverPids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      await client.query(`create database "${name}"`);
      await client.end();
      return cluster.url(name);
    },
    async destroy() {
      cluster.thaw();
      if (running) await cluster.stop('immediate').catch(() => {});
      fs.rmSync(workdir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
