/**
 * The embedded database's files on disk: durable when a commit is acknowledged, private to the user
 * running Trabot.
 *
 * Durable: PGlite 0.5 starts PostgreSQL with `-F` (fsync off) and its Node file system (Emscripten's
 * NODEFS) has no fsync, so an acknowledged commit sat in the page cache until the kernel flushed it
 * and a power cut could lose it. Here PostgreSQL runs with fsync on, its fsync() (WASI fd_sync,
 * which calls the stream's fsync when there is one) reaches the kernel through fs.fsyncSync, and the
 * WAL is flushed with fsync because Emscripten's fdatasync() does nothing. Directory fsyncs stay
 * no-ops (NODEFS cannot open a directory for one).
 *
 * Private: Emscripten chmods every file it creates to the mode asked for (0666 for PostgreSQL's),
 * which the process umask does not narrow; every chmod through NODEFS keeps the owner's bits only.
 */
import fs from 'node:fs';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface NodeFsStream {
  nfd: number;
}

type SetAttr = (target: unknown, attr: { mode?: number }) => void;

interface EmscriptenModule {
  NODEFS: {
    node_ops: { setattr: SetAttr };
    stream_ops: { setattr: SetAttr; fsync?: (stream: NodeFsStream) => number };
    tryFSOperation<T>(operation: () => T): T;
  };
}

type InitResult = Awaited<ReturnType<NodeFS['init']>>;

/** Kernel fsyncs this process's embedded database asked for (a counter for tests and the bench). */
export const durableSyncs = { count: 0 };

const OWNER_ONLY = ~0o077;

function ownerOnly(setattr: SetAttr): SetAttr {
  return (target, attr) => setattr(target, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & OWNER_ONLY });
}

function adaptNodeFs({ NODEFS }: EmscriptenModule): void {
  NODEFS.stream_ops.fsync = (stream) =>
    NODEFS.tryFSOperation(() => {
      fs.fsyncSync(stream.nfd);
      durableSyncs.count++;
      return 0;
    });
  NODEFS.node_ops.setattr = ownerOnly(NODEFS.node_ops.setattr);
  NODEFS.stream_ops.setattr = ownerOnly(NODEFS.stream_ops.setattr);
}

class DurablePrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): Promise<InitResult> {
    const { emscriptenOpts } = await super.init(pg, options);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), adaptNodeFs] } };
  }
}

/** PGlite options for a data folder on disk: commits durable when acknowledged, files owner-only. */
export function pgliteFileOptions(dataDir: string, defaultStartParams: readonly string[]): PGliteOptions {
  return {
    fs: new DurablePrivateNodeFS(dataDir),
    startParams: [
      ...defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'fsync=on',
      '-c',
      'wal_sync_method=fsync',
    ],
  };
}
