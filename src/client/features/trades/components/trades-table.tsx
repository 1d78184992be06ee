/** Wide screens: the trades as a table, horizontally scrollable, one memoized row per trade. */
import { memo, useState } from 'react';
import type { Trade } from '@shared/schemas/trades';
import { useIncrementalList } from '../lib/use-incremental-list';
import { ShowMoreTrades } from './show-more-trades';
import { TABLE_FIELDS, TRADE_FIELDS } from './trade-fields';
import { TradeLegs } from './trade-legs';
import { TradeLink } from './trade-link';
import { TRADES_PAGE_SIZE, type TradeListProps } from './trade-list-props';

const TradeRow = memo(function TradeRow({
  trade,
  onEdit,
  editDisabled,
}: { trade: Trade } & Omit<TradeListProps, 'trades'>) {
  const [expanded, setExpanded] = useState(false);
  const columns = TABLE_FIELDS.length + (onEdit ? 2 : 1);
  const detailsId = `trade-${trade.trabot_trade_id}-legs`;
  return (
    <>
      <tr>
        {TABLE_FIELDS.map((id) => {
          const field = TRADE_FIELDS[id];
          const className = field.numeric ? 'num' : undefined;
          return id === 'id' ? (
            <th key={id} scope="row" className={className}>
              <TradeLink tradeId={trade.trabot_trade_id}>{field.render(trade)}</TradeLink>
            </th>
          ) : (
            <td key={id} className={className}>
              {field.render(trade)}
            </td>
          );
        })}
        <td className="trades-sticky trades-sticky--legs">
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={`Entries and exits of trade ${trade.trabot_trade_id}`}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? 'Hide' : 'Show'}
          </button>
        </td>
        {onEdit && (
          <td className="trades-sticky trades-sticky--edit">
            <button type="button" className="small-button" disabled={editDisabled} onClick={() => onEdit(trade)}>
              Edit
            </button>
          </td>
        )}
      </tr>
      {expanded && (
        <tr id={detailsId} className="trade-legs-row">
          <td colSpan={columns}>
            <TradeLegs trade={trade} />
          </td>
        </tr>
      )}
    </>
  );
});

export const TradesTable = memo(function TradesTable({ trades, onEdit, editDisabled }: TradeListProps) {
  const { visible, remaining, showMore } = useIncrementalList(trades, TRADES_PAGE_SIZE);
  return (
    <>
      <div className="table-scroll" role="region" aria-label="Trades table" tabIndex={0}>
        <table className={onEdit ? 'trades-table trades-table--editable' : 'trades-table'}>
          <thead>
            <tr>
              {TABLE_FIELDS.map((id) => (
                <th key={id} scope="col" className={TRADE_FIELDS[id].numeric ? 'num' : undefined}>
                  {TRADE_FIELDS[id].label}
                </th>
              ))}
              <th scope="col" className="trades-sticky trades-sticky--legs">
                Entries / Exits
              </th>
              {onEdit && (
                <th scope="col" className="trades-sticky trades-sticky--edit">
                  Edit
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {visible.map((trade) => (
              <TradeRow key={trade.trabot_trade_id} trade={trade} onEdit={onEdit} editDisabled={editDisabled} />
            ))}
          </tbody>
        </table>
      </div>
      {remaining > 0 && <ShowMoreTrades remaining={remaining} onShowMore={showMore} />}
    </>
  );
});
