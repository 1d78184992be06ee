/** /dashboard/admin/tokens: every token with its display value (secrets arrive masked), Refresh Tokens. */
import { useMemo } from 'react';
import { BackButton } from '../../../components/back-button';
import { Page } from '../../../components/page';
import { ResponsiveList, type ResponsiveColumn } from '../../../components/responsive-list';
import { LoadState } from '../../admin/components/load-state';
import { useTokens } from '../api/get-tokens';
import './operations.css';

type TokenEntry = readonly [name: string, value: string];

const columns: ResponsiveColumn<TokenEntry>[] = [
  { key: 'key', header: 'Key', cell: ([name]) => name, primary: true },
  { key: 'value', header: 'Value', cell: ([, value]) => <span className="admin-data">{value}</span> },
];

export function TokensPage() {
  const tokens = useTokens();
  const entries = useMemo(() => (tokens.data ? Object.entries(tokens.data) : null), [tokens.data]);
  return (
    <Page title="Tokens">
      <div className="admin-toolbar">
        <BackButton />
        <button type="button" className="admin-link-button" disabled={tokens.isFetching} onClick={() => void tokens.refetch()}>
          Refresh Tokens
        </button>
      </div>
      <LoadState query={tokens} />
      {entries && <ResponsiveList items={entries} columns={columns} rowKey={([name]) => name} empty="No tokens found" caption="Tokens" />}
    </Page>
  );
}
