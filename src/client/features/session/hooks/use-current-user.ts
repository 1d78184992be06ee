/** The current user for components (header): same decision as the guards, re-rendered on changes. */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { hasPersistedCache } from '@client/lib/query-persistence';
import { useOnline } from '@client/lib/online';
import { sessionQueryOptions } from '../api/check-session';
import { decideCurrentUser, isUnreachable, type CurrentUser } from '../lib/current-user';
import { lastUserCacheKey, readLastUser, subscribeLastUser } from '../lib/last-user';

export function useCurrentUser(): CurrentUser | null {
  const online = useOnline();
  const session = useQuery(sessionQueryOptions());
  const lastUser = useSyncExternalStore(subscribeLastUser, readLastUser, () => null);
  return decideCurrentUser({
    online,
    response: session.data,
    unreachable: session.isError && isUnreachable(session.error),
    lastUser,
    hasCache: lastUser ? hasPersistedCache(lastUserCacheKey(lastUser)) : false,
  });
}
