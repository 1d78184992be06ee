/** Phones: one card per trade, the key numbers first, the rest on demand. */
import { memo, useState } from 'react';
import type { Trade } from '@shared/schemas/trades';
import { useIncrementalList } from '../lib/use-incremental-list';
import { ShowMoreTrades } from './show-more-trades';
import { formatNumber, formatRupees } from '@shared/format';
import { cardDetailFields, cardKeyFields, hasExits, TradeFieldList } from './trade-fields';
import { ExitPendingNote } from './exit-pending-note';
import { StopFailedNote } from './stop-failed-note';
import { TradeHeader } from './trade-header';
import { TradeLegs } from './trade-legs';
import { TradeLink } from './trade-link';
import { TRADE_CARDS_PAGE_SIZE, type TradeListProps } from './trade-list-props';

/**
 * A trade partly exited says so in words: "10 of 20 exited at ₹3,933.00 on average; MTM is on the
 * 10 still open" (the MTM the server gives is the open part's).
 */
function PartExitNote({ trade }: { trade: Trade }) {
  const remaining = trade.remaining_quantity;
  if (!hasExits(trade) || remaining === null || remaining <= 0) return null;
  const exited = trade.trade_quantity - remaining;
  return (
    <p className="trade-card-note">
      {formatNumber(exited)} of {formatNumber(trade.trade_quantity)} exited at {formatRupees(trade.avg_exit_price)} on
      average; MTM is on the {formatNumber(remaining)} still open.
    </p>
  );
}

const TradeCard = memo(function TradeCard({
  trade,
  onEdit,
  editDisabled,
}: { trade: Trade } & Omit<TradeListProps, 'trades'>) {
  const [expanded, setExpanded] = useState(false);
  const id = trade.trabot_trade_id;
  return (
    <li className="trade-card">
      <article aria-labelledby={`trade-${id}-title`}>
        <TradeHeader trade={trade} titleId={`trade-${id}-title`} />
        <ExitPendingNote trade={trade} />
        <StopFailedNote trade={trade} />
        <TradeFieldList trade={trade} fields={cardKeyFields(trade)} className="trade-card-keys" />
        <PartExitNote trade={trade} />
        <div className="trade-card-actions">
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            aria-controls={expanded ? `trade-${id}-details` : undefined}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? 'Hide details' : 'Details, entries and exits'}
          </button>
          <TradeLink tradeId={id} className="trade-card-link">
            View trade
          </TradeLink>
          {onEdit && (
            <button type="button" className="small-button" disabled={editDisabled} onClick={() => onEdit(trade)}>
              Edit
            </button>
          )}
        </div>
        {expanded && (
          <div id={`trade-${id}-details`}>
            <TradeFieldList trade={trade} fields={cardDetailFields(trade)} />
            <TradeLegs trade={trade} />
          </div>
        )}
      </article>
    </li>
  );
});

export const TradeCardList = memo(function TradeCardList({ trades, onEdit, editDisabled }: TradeListProps) {
  const { visible, remaining, showMore } = useIncrementalList(trades, TRADE_CARDS_PAGE_SIZE);
  return (
    <>
      <ul className="trade-cards" aria-label="Trades">
        {visible.map((trade) => (
          <TradeCard key={trade.trabot_trade_id} trade={trade} onEdit={onEdit} editDisabled={editDisabled} />
        ))}
      </ul>
      {remaining > 0 && <ShowMoreTrades remaining={remaining} onShowMore={showMore} />}
    </>
  );
});
