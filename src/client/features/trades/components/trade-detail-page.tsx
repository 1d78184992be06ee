/**
 * One trade's story, at /dashboard/trades/{id}: what was traded and how it stands, the
 * P&L after charges, and the timeline from the signal's arrival to the last exit. A member reads
 * their own trade (also offline, from the device's copy); the superadmin any trade.
 */
import { lazy, Suspense } from 'react';
import { capitalize } from '@shared/format';
import type { TradeDetail } from '@shared/schemas/trade-detail';
import { Breadcrumb } from '@client/components/breadcrumb';
import { OfflineNotice, refreshFailed } from '@client/components/offline-notice';
import { Page } from '@client/components/page';
import { Rupee } from '@client/components/rupee';
import { HttpError } from '@client/lib/api';
import {
  tradeDetailQueryOptions,
  tradeIdOf,
  useTradeDetail,
  type TradeDetailQueryOptions,
} from '../api/get-trade-detail';
import { CARD_KEY_FIELDS, TradeFieldList, type TradeFieldId } from './trade-fields';
import { TradeTimeline } from './trade-timeline';
import './trades.css';
import './trade-detail.css';
import { TradeHeader } from './trade-header';
import { ExitPendingNote } from './exit-pending-note';
import { StopFailedNote } from './stop-failed-note';

// Ionic (the Back button) loads only for the superadmin, as on the trades pages.
const BackButton = lazy(() => import('@client/components/back-button').then((m) => ({ default: m.BackButton })));

const MORE_FIELDS: readonly TradeFieldId[] = [
  'date',
  'type',
  'remaining',
  'avgExit',
  'risk',
  'algoId',
  'signalId',
  'lastUpdated',
];

export const TRADE_DETAIL_TEXT = {
  loading: 'Loading trade...',
  notFound: 'Trade not found',
  error: 'Error loading trade',
} as const;

function TradeStory({ detail }: { detail: TradeDetail }) {
  const { trade, signal, pnl, timeline } = detail;
  return (
    <>
      <div className="trade-detail-cards">
        <section className="trade-detail-card" aria-labelledby="trade-detail-instrument">
          <TradeHeader trade={trade} titleId="trade-detail-instrument" />
          <ExitPendingNote trade={trade} />
          <StopFailedNote trade={trade} />
          {detail.algo_desc && (
            // An algo's description runs to a paragraph: on demand, not above the figures.
            <details className="trade-detail-algo">
              <summary>About the algo</summary>
              <p>{detail.algo_desc}</p>
            </details>
          )}
          <TradeFieldList trade={trade} fields={CARD_KEY_FIELDS} className="trade-card-keys" />
          <TradeFieldList trade={trade} fields={MORE_FIELDS} />
          {signal && (
            <dl className="trade-fields" aria-label="Signal levels now">
              <div>
                <dt>Signal source</dt>
                <dd>{capitalize(signal.source)}</dd>
              </div>
              <div>
                <dt>Entry level</dt>
                <dd>
                  <Rupee value={signal.entry_level} />
                </dd>
              </div>
              <div>
                <dt>Stop-loss level</dt>
                <dd>
                  <Rupee value={signal.stop_loss_level} />
                </dd>
              </div>
              <div>
                <dt>Target level</dt>
                <dd>
                  <Rupee value={signal.target_level} />
                </dd>
              </div>
            </dl>
          )}
        </section>

        <section className="trade-detail-card" aria-labelledby="trade-detail-pnl">
          <h2 id="trade-detail-pnl">P&amp;L after charges</h2>
          <dl className="trade-detail-pnl">
            <div>
              <dt>Realised</dt>
              <dd>
                <Rupee value={pnl.realized} signed />
              </dd>
            </div>
            <div>
              <dt>Charges</dt>
              <dd>
                <Rupee value={pnl.charges} />
              </dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>
                <Rupee value={pnl.net} signed />
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="trade-detail-timeline">
        <h2 id="trade-detail-timeline">Timeline</h2>
        <TradeTimeline steps={timeline} />
      </section>
    </>
  );
}

/** The trade's story, or its loading, not-found (also any id that cannot be a trade's) and error states. */
function TradeDetailBody({ detail }: { detail: TradeDetailQueryOptions }) {
  const query = useTradeDetail(detail);
  const { data, isPending, isError, error, fetchStatus, dataUpdatedAt, refetch } = query;
  let body;
  if (data) body = <TradeStory detail={data} />;
  else if (isPending && fetchStatus !== 'paused')
    body = (
      <p className="list-state" role="status">
        {TRADE_DETAIL_TEXT.loading}
      </p>
    );
  else if (isError && error instanceof HttpError && error.status === 404)
    body = <p className="list-state">{TRADE_DETAIL_TEXT.notFound}</p>;
  else if (isError)
    body = (
      <p className="list-state list-state--error" role="alert">
        {TRADE_DETAIL_TEXT.error}
      </p>
    );
  return (
    <>
      {/* The saved copy while the server fails says so, with its time. */}
      <OfflineNotice
        updatedAt={dataUpdatedAt}
        failed={refreshFailed(query)}
        subject="trade"
        onRetry={() => void refetch()}
      />
      {body}
    </>
  );
}

export interface TradeDetailPageProps {
  /** The id as the URL has it. */
  tradeId: string;
  user: { id: number; role: string };
  /** The superadmin's Back button goes here without history. */
  backFallback?: string;
}

export function TradeDetailPage({ tradeId, user, backFallback }: TradeDetailPageProps) {
  const id = tradeIdOf(tradeId);
  const title = `Trade ${tradeId}`;
  return (
    <Page title={title} showTitle={false}>
      <Breadcrumb items={[{ label: 'Dashboard' }, { label: 'Trades', to: '/dashboard/trades' }, { label: title }]} />
      <h1 className="page-title">{title}</h1>
      {backFallback && (
        <Suspense>
          <BackButton fallback={backFallback} />
        </Suspense>
      )}
      {id === null ? (
        <p className="list-state">{TRADE_DETAIL_TEXT.notFound}</p>
      ) : (
        <TradeDetailBody key={id} detail={tradeDetailQueryOptions(user, id)} />
      )}
    </Page>
  );
}
