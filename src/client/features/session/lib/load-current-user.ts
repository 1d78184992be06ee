/** The current user for route guards (beforeLoad): asks the server unless offline. */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { CheckSessionResponse } from '@shared/schemas/session';
import { hasPersistedCache } from '@client/lib/query-persistence';
import { sessionQueryOptions } from '../api/check-session';
import { decideCurrentUser, isUnreachable, type CurrentUser } from './current-user';
import { lastUserCacheKey, readLastUser } from './last-user';

export async function loadCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  const online = onlineManager.isOnline();
  let response: CheckSessionResponse | undefined;
  let unreachable = false;
  if (online) {
    try {
      // Cached for 30 s; login and logout invalidate it, so this asks the server again then.
      response = await queryClient.fetchQuery(sessionQueryOptions());
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      unreachable = true;
    }
  }
  const lastUser = readLastUser();
  return decideCurrentUser({
    online,
    response,
    unreachable,
    lastUser,
    hasCache: lastUser ? hasPersistedCache(lastUserCacheKey(lastUser)) : false,
  });
}
