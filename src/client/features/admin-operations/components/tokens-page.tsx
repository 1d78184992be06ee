/**
 * /dashboard/admin/tokens: every token with its display value (secrets arrive masked), Refresh
 * Tokens, and the algos' webhook tokens (masked).
 */
import { useMemo } from 'react';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { useTokens } from '../api/get-tokens';
import { useAllWebhookTokens } from '@client/features/admin-algos';
import type { WebhookToken } from '@shared/schemas/admin/signal-approvals';
import { formatTimestamp } from '@shared/format';
import './operations.css';

type TokenEntry = readonly [name: string, value: string];

const columns: ResponsiveColumn<TokenEntry>[] = [
  { key: 'key', header: 'Key', cell: ([name]) => name, primary: true },
  { key: 'value', header: 'Value', cell: ([, value]) => <span className="admin-data">{value}</span> },
];

const webhookColumns: ResponsiveColumn<WebhookToken>[] = [
  { key: 'token', header: 'Webhook token', cell: (t) => <span className="admin-data">{t.masked}</span>, primary: true },
  { key: 'algo', header: 'Algo', cell: (t) => t.algo_id },
  { key: 'made', header: 'Made', cell: (t) => formatTimestamp(t.created_at) },
  { key: 'used', header: 'Last used', cell: (t) => (t.last_used_at ? formatTimestamp(t.last_used_at) : 'never') },
];

/** The algos' webhook tokens, masked (made and revoked on each algo's Webhook & approval). */
function WebhookTokenList() {
  const tokens = useAllWebhookTokens();
  return tokens.data ? (
    <ResponsiveList
      items={tokens.data}
      columns={webhookColumns}
      rowKey={(t) => t.token_id}
      empty="No webhook tokens"
      caption="Webhook tokens"
    />
  ) : (
    <LoadState query={tokens} />
  );
}

export function TokensPage() {
  const tokens = useTokens();
  const entries = useMemo(() => (tokens.data ? Object.entries(tokens.data) : null), [tokens.data]);
  return (
    <Page title="Tokens">
      <div className="admin-toolbar">
        <BackButton />
        <button
          type="button"
          className="admin-link-button"
          disabled={tokens.isFetching}
          onClick={() => void tokens.refetch()}
        >
          Refresh Tokens
        </button>
      </div>
      <LoadState query={tokens} />
      {entries && (
        <ResponsiveList
          items={entries}
          columns={columns}
          rowKey={([name]) => name}
          empty="No tokens found"
          caption="Tokens"
        />
      )}
      <WebhookTokenList />
    </Page>
  );
}
