/**
 * At start, after the app's saved queries are restored: the service worker's copy of the member's
 * trades (saved on a trade push, lib/trades-copy.ts) replaces the restored one when it is the same
 * user's and newer, with its own time, so the page dates it as fetched then. The persister then
 * saves it as the app's own copy.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Trade } from '@shared/schemas/trades';
import { readTradesCopy, type CopyScope } from '@client/lib/trades-copy';
import { memberKeys } from '@client/features/session';

export async function adoptTradesCopy(queryClient: QueryClient, scope: CopyScope | null): Promise<void> {
  if (!scope) return;
  const key = memberKeys.trades(scope.userId);
  const copy = await readTradesCopy(scope, queryClient.getQueryState(key)?.dataUpdatedAt ?? 0);
  if (!copy) return;
  queryClient.setQueryData<Trade[]>(key, copy.trades as Trade[], { updatedAt: copy.savedAt });
}
