/**
 * Resolves once no query of `client` is fetching a first answer (at once when none is): a query
 * whose request has failed and waits to retry does not hold the page back, which then shows its
 * saved copy and that the server did not answer (components/offline-notice.tsx) at once. The start-up awaits it
 * before its first render: an answer landing while React renders in a transition changes a store
 * the render has read (useSyncExternalStore), and React then renders the whole page again in one
 * synchronous task to stay consistent (a task of 130-180 ms at 4x CPU slowdown on the trades page).
 */
import type { QueryClient } from '@tanstack/react-query';

const awaitingAnswer = (client: QueryClient): boolean =>
  client
    .getQueryCache()
    .findAll({ fetchStatus: 'fetching' })
    .some((query) => query.state.fetchFailureCount === 0);

export function queriesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (!awaitingAnswer(client)) return resolve();
    const stop = client.getQueryCache().subscribe(() => {
      if (awaitingAnswer(client)) return;
      stop();
      resolve();
    });
  });
}
