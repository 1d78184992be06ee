/**
 * The trades of an account, filtered by status in the browser (spec sections 2, 7, 9): the member's
 * own at /dashboard/trades, any account's for the superadmin under /dashboard/admin.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { MSG } from '@shared/messages';
import type { Trade } from '@shared/schemas/trades';
import { Breadcrumb, type BreadcrumbItem } from '@client/components/breadcrumb';
import { OfflineNotice, refreshFailed } from '@client/components/offline-notice';
import { Page } from '@client/components/page';
import { useOnline } from '@client/lib/online';
import type { AccountPnlQueryOptions } from '../api/get-account-pnl';
import { useAccountTrades, type AccountTradesQueryOptions } from '../api/get-account-trades';
import type { TradeFilterStatus } from '@shared/format';
import { groupByFilterStatus } from '../lib/group-by-filter-status';
import { useMediaQuery } from '@client/lib/use-media-query';
import { PnlSummary } from './pnl-summary';
import { TradeCardList } from './trade-card-list';
import { TaxStatementDownload } from './tax-statement-download';
import { TradesCsvDownload } from './trades-csv-download';
import { TradeStatusFilter } from './trade-status-filter';
import { TradesTable } from './trades-table';
import './trades.css';

const NO_TRADES: readonly Trade[] = [];

// Ionic (Back button, the edit form) loads only for the superadmin: a member's first paint needs none.
const BackButton = lazy(() => import('@client/components/back-button').then((m) => ({ default: m.BackButton })));
const TradeEditModal = lazy(() => import('./trade-edit-modal').then((m) => ({ default: m.TradeEditModal })));

export interface TradesPageProps {
  /** Which account's trades: the member's own (persisted for offline use) or, for the admin, any. */
  trades: AccountTradesQueryOptions;
  /** The same account's P&L summary by range (persisted likewise for the member's own). */
  pnl: AccountPnlQueryOptions;
  title: string;
  breadcrumb?: readonly BreadcrumbItem[];
  /** Admin pages have a Back button; this is where it goes without history. */
  backFallback?: string;
  status: TradeFilterStatus;
  onStatusChange: (status: TradeFilterStatus) => void;
  /** Superadmins get the Edit column. */
  canEdit: boolean;
  /** Shown under the title (the member's membership notice). */
  notice?: ReactNode;
  /** The account's tax P&L statement (GET /api/account-tax-statement, with adminAccountId for the admin). */
  taxStatementUrl: string;
}

export function TradesPage({
  trades: tradesQuery,
  pnl,
  title,
  breadcrumb,
  backFallback,
  status,
  onStatusChange,
  canEdit,
  notice,
  taxStatementUrl,
}: TradesPageProps) {
  const query = useAccountTrades(tradesQuery);
  const { data, isPending, isError, fetchStatus, dataUpdatedAt, refetch } = query;
  // A switch shows at once; the URL follows once the new list is painted, through the router,
  // whose navigation (guards, loader) would otherwise delay the switch. A URL changed from outside
  // (back, a link) wins.
  const [shown, setShown] = useState(status);
  const [fromUrl, setFromUrl] = useState(status);
  if (status !== fromUrl) {
    setFromUrl(status);
    setShown(status);
  }
  const changeStatus = (next: TradeFilterStatus) => {
    setShown(next);
    requestAnimationFrame(() => setTimeout(() => onStatusChange(next)));
  };
  const online = useOnline();
  const wide = useMediaQuery('(min-width: 768px)');
  const groups = useMemo(() => (data ? groupByFilterStatus(data) : null), [data]);
  const trades = groups?.get(shown) ?? NO_TRADES;

  const [edited, setEdited] = useState<Trade | null>(null);
  const closeEdit = useCallback(() => setEdited(null), []);
  const onEdit = canEdit ? setEdited : undefined;

  const downloads = (
    <>
      <TradesCsvDownload trades={trades} status={shown} disabled={!data} />
      <TaxStatementDownload url={taxStatementUrl} online={online} />
    </>
  );

  let body;
  if (data) {
    // Keyed by the filter: a new filter starts again from the first page of trades.
    const List = wide ? TradesTable : TradeCardList;
    body =
      trades.length === 0 ? (
        <p className="list-state">{MSG.tradesEmpty}</p>
      ) : (
        <List key={shown} trades={trades} onEdit={onEdit} editDisabled={!online} />
      );
  } else if (isPending && fetchStatus !== 'paused') {
    body = (
      // .trades-loading: the prerendered page's loading state (scripts/prerender.ts), where the
      // server puts a member's first trade cards (src/server/pages/member-trades-markup.ts).
      <p className="list-state trades-loading" role="status">
        {MSG.tradesLoading}
      </p>
    );
  } else if (isError) {
    body = (
      <p className="list-state list-state--error" role="alert">
        {MSG.tradesError}
      </p>
    );
  }

  return (
    // Wide: the table has many columns; a wide screen shows more of them before it scrolls.
    <Page wide title={title} showTitle={false}>
      {breadcrumb && <Breadcrumb items={breadcrumb} />}
      <h1 className="page-title">{title}</h1>
      {backFallback && (
        <Suspense>
          <BackButton fallback={backFallback} />
        </Suspense>
      )}
      {notice}
      {/* Rows from the saved copy while the server fails say so, with their time. */}
      <OfflineNotice
        updatedAt={dataUpdatedAt}
        failed={refreshFailed(query)}
        subject="trades"
        onRetry={() => void refetch()}
      />
      <PnlSummary pnl={pnl} periodsOpen={wide} />
      <div className="trades-toolbar">
        <TradeStatusFilter value={shown} groups={groups} onChange={changeStatus} />
        {wide && downloads}
      </div>
      {body}
      {/* A phone's first screen is the trades': the downloads come after them. */}
      {!wide && <div className="trades-toolbar trades-downloads">{downloads}</div>}
      {canEdit && (
        <Suspense>
          <TradeEditModal trade={edited} tradesKey={tradesQuery.queryKey} onClose={closeEdit} />
        </Suspense>
      )}
    </Page>
  );
}
