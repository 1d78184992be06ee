/** The start-up's wait for the loaders' requests: done when no query is fetching any more. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queriesSettled } from '@client/lib/queries-settled';

/** A query answered when `answer` is called. */
function pendingQuery(client: QueryClient, key: string) {
  let answer: (value: string) => void = () => {};
  const fetched = client.fetchQuery({
    queryKey: [key],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  return { answer: (value: string) => answer(value), fetched };
}

const isSettled = async (settled: Promise<void>) => {
  let done = false;
  void settled.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('queriesSettled', () => {
  it('resolves at once when nothing is fetching', async () => {
    expect(await isSettled(queriesSettled(new QueryClient()))).toBe(true);
  });

  it('waits for every query in flight, answered or failed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const trades = pendingQuery(client, 'trades');
    let fail: (error: Error) => void = () => {};
    const pnl = client.fetchQuery({
      queryKey: ['pnl'],
      queryFn: () => new Promise<string>((_, reject) => (fail = reject)),
    });
    pnl.catch(() => undefined);
    const settled = queriesSettled(client);

    trades.answer('14 trades');
    await trades.fetched;
    expect(await isSettled(settled)).toBe(false);

    fail(new Error('500'));
    await pnl.catch(() => undefined);
    expect(await isSettled(settled)).toBe(true);
    expect(client.getQueryData(['trades'])).toBe('14 trades');
  });

  it('does not wait for a query that failed and waits to retry: the page shows its saved copy and the failure', async () => {
    const client = new QueryClient();
    client.setQueryData(['trades'], 'saved trades');
    const refetch = client.fetchQuery({
      queryKey: ['trades'],
      queryFn: () => Promise.reject(new Error('500')),
      retry: 1,
      retryDelay: 60_000,
    });
    refetch.catch(() => undefined);
    const settled = queriesSettled(client);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.isFetching()).toBe(1);
    expect(await isSettled(settled)).toBe(true);
    void client.cancelQueries();
  });
});
