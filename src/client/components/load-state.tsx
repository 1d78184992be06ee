/**
 * The state line of an admin screen's query: "Loading..." until the data arrives, and the spec's
 * failure text ("Unauthorized" for lists, "Error" for logs and warnings) when a load fails.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import './admin-screen.css';

export function LoadState({
  query,
  failure = MSG.adminListFailure,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError'>;
  failure?: string;
}) {
  if (query.isError) {
    return (
      <p className="admin-state admin-state--error" role="alert">
        {failure}
      </p>
    );
  }
  if (query.isPending) {
    return (
      <p className="admin-state" role="status">
        Loading...
      </p>
    );
  }
  return null;
}
