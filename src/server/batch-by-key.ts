/**
 * Lookups by key asked for in the same event-loop turn go out as one call. Under load many requests
 * arrive together, and one query for all of them costs little more than a query for one. Each call
 * starts after every lookup in it was asked for, so none answers from before its request.
 */
export function batchByKey<V>(load: (keys: string[]) => Promise<Map<string, V>>): (key: string) => Promise<V | undefined> {
  let waiting: Map<string, Array<{ resolve: (value: V | undefined) => void; reject: (err: unknown) => void }>> | null = null;

  async function flush(batch: NonNullable<typeof waiting>) {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.get(key));
    } catch (err) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(err);
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<string, Array<{ resolve: (value: V | undefined) => void; reject: (err: unknown) => void }>>();
        waiting = batch;
        // After the poll phase: every request parsed from the sockets that were ready is in.
        setImmediate(() => {
          waiting = null;
          void flush(batch);
        });
      }
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
