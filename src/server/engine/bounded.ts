/**
 * Runs `work` over the items with at most `limit` calls in flight; answers in the items' order.
 * Each call starts on a new turn of the event loop: a broker that answers at once (the paper broker)
 * would otherwise run a whole batch in one go while HTTP requests wait.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await new Promise<void>((resolve) => setImmediate(resolve));
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
