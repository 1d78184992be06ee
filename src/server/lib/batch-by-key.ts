/**
 * Lookups by key asked for in the same event-loop turn go out as one call (DataLoader, without its
 * cache). Under load many requests arrive together, and one query for all of them costs little
 * more than a query for one. Each call starts after every lookup in it was asked for, so none
 * answers from before its request.
 */
import DataLoader from 'dataloader';

export function batchByKey<V>(
  load: (keys: string[]) => Promise<Map<string, V>>,
): (key: string) => Promise<V | undefined> {
  const loader = new DataLoader<string, V | undefined>(
    async (keys) => {
      const found = await load([...new Set(keys)]);
      return keys.map((key) => found.get(key));
    },
    // After the poll phase: every request parsed from the sockets that were ready is in.
    { cache: false, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
