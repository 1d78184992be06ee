/** The signals' status filter: a native select (the phone's own picker), All first. */
import { useId } from 'react';
import { SIGNAL_FILTERS, type SignalFilter } from '../lib/signal-filter';

export function SignalStatusFilter({
  value,
  onChange,
}: {
  value: SignalFilter;
  onChange: (status: SignalFilter) => void;
}) {
  const id = useId();
  return (
    <div className="algo-filter">
      <label htmlFor={id}>Status</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SignalFilter)}>
        {SIGNAL_FILTERS.map((status) => (
          <option key={status} value={status}>
            {status === 'all' ? 'All' : status}
          </option>
        ))}
      </select>
    </div>
  );
}
