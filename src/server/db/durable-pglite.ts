/**
 * The embedded database on stable storage. PGlite 0.5 starts PostgreSQL with `-F` (fsync off) and
 * its Node file system (Emscripten's NODEFS) has no fsync: a commit the API acknowledged sat in the
 * page cache until the kernel flushed it, so a power cut could lose it. Here PostgreSQL runs with
 * fsync on, its fsync() (WASI fd_sync, which calls the stream's fsync when there is one) reaches
 * the kernel through fs.fsyncSync, and the WAL is flushed with fsync, because Emscripten's
 * fdatasync() does nothing. Directory fsyncs stay no-ops (NODEFS cannot open a directory for it).
 */
import fs from 'node:fs';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface NodeFsStream {
  nfd: number;
}

interface EmscriptenModule {
  NODEFS: {
    stream_ops: { fsync?: (stream: NodeFsStream) => number };
    tryFSOperation<T>(operation: () => T): T;
  };
}

type InitResult = Awaited<ReturnType<NodeFS['init']>>;

/** Kernel fsyncs this process's embedded database asked for (a counter for tests and the bench). */
export const durableSyncs = { count: 0 };

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): Promise<InitResult> {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (module: EmscriptenModule) => {
      const { NODEFS } = module;
      NODEFS.stream_ops.fsync = (stream) =>
        NODEFS.tryFSOperation(() => {
          fs.fsyncSync(stream.nfd);
          durableSyncs.count++;
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** PGlite options for a data folder on disk whose commits are durable when acknowledged. */
export function durablePgliteOptions(dataDir: string, defaultStartParams: readonly string[]): PGliteOptions {
  return {
    fs: new DurableNodeFS(dataDir),
    startParams: [...defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  };
}
