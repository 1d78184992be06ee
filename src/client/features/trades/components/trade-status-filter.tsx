/**
 * The status filter. A native select: it opens the phone's own picker and switches at once,
 * which keeps a filter switch over a thousand trades cheap.
 */
import { useId } from 'react';
import { TRADE_FILTER_STATUSES } from '@shared/constants';
import type { Trade } from '@shared/schemas/trades';
import type { TradeFilterStatus } from '@shared/format';

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function TradeStatusFilter({
  value,
  groups,
  onChange,
}: {
  value: TradeFilterStatus;
  /** Trades per status, counted in the options once loaded. */
  groups: ReadonlyMap<TradeFilterStatus, readonly Trade[]> | null;
  onChange: (status: TradeFilterStatus) => void;
}) {
  const id = useId();
  return (
    <div className="trade-status-filter">
      <label htmlFor={id}>Status</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as TradeFilterStatus)}>
        {TRADE_FILTER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {groups ? `${label(status)} (${groups.get(status)?.length ?? 0})` : label(status)}
          </option>
        ))}
      </select>
    </div>
  );
}
