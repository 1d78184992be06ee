/**
 * Wide screens: the trades as a table, one memoized row per trade. Its columns are the glance
 * (TABLE_FIELDS), so a 1280 px laptop shows it whole; a narrower screen scrolls it sideways, no
 * column fixed over another. Each row's Details opens the other fields, entries and exits under it.
 */
import { memo, useState } from 'react';
import type { Trade } from '@shared/schemas/trades';
import { useIncrementalList } from '../lib/use-incremental-list';
import { ShowMoreTrades } from './show-more-trades';
import { ROW_DETAIL_FIELDS, TABLE_FIELDS, TRADE_FIELDS, TradeFieldList } from './trade-fields';
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
  const detailsId = `trade-${trade.trabot_trade_id}-details`;
  return (
    <>
      <tr>
        {TABLE_FIELDS.map((id) => {
          const field = TRADE_FIELDS[id];
          const className = field.numeric ? 'num' : field.wraps ? 'wraps' : undefined;
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
        <td className="trades-action">
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={`Details, entries and exits of trade ${trade.trabot_trade_id}`}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? 'Hide' : 'Show'}
          </button>
        </td>
        {onEdit && (
          <td className="trades-action">
            <button type="button" className="small-button" disabled={editDisabled} onClick={() => onEdit(trade)}>
              Edit
            </button>
          </td>
        )}
      </tr>
      {expanded && (
        <tr id={detailsId} className="trade-legs-row">
          <td colSpan={columns}>
            <div className="trade-row-details">
              <TradeFieldList trade={trade} fields={ROW_DETAIL_FIELDS} />
              <TradeLegs trade={trade} />
            </div>
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
              <th scope="col" className="trades-action">
                Details
              </th>
              {onEdit && (
                <th scope="col" className="trades-action">
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
