/** The entries and exits of a trade, each with its order ids and charges. */
import { formatNumber, formatRupees, formatTimestamp, NA } from '@shared/format';
import type { Trade, TradeEntry, TradeExit } from '@shared/schemas/trades';

const CHARGES = [
  ['sebi_tax', 'SEBI tax'],
  ['stt', 'STT'],
  ['brokerage_charges', 'Brokerage'],
  ['service_tax', 'Service tax'],
  ['exchange_transaction_charges', 'Exchange transaction charges'],
  ['stamp_duty', 'Stamp duty'],
  ['dp_charges', 'DP charges'],
] as const;

/** Entries and exits name their fields differently; the list reads them through one shape. */
interface Leg {
  sequence: number;
  quantity: number;
  price: number;
  timestamp: string;
  /** Order ids and charges, named alike in both. */
  source: TradeEntry | TradeExit;
}

const fromEntry = (e: TradeEntry): Leg => ({
  sequence: e.trade_entry_sequence,
  quantity: e.trade_entry_quantity,
  price: e.trade_entry_price,
  timestamp: e.trade_entry_timestamp,
  source: e,
});
const fromExit = (e: TradeExit): Leg => ({
  sequence: e.trade_exit_sequence,
  quantity: e.trade_exit_quantity,
  price: e.trade_exit_price,
  timestamp: e.trade_exit_timestamp,
  source: e,
});

/** Sum of the known charges; null when none is known. */
function totalCharges(leg: Leg): number | null {
  const known = CHARGES.map(([key]) => leg.source[key]).filter((v) => v !== null);
  return known.length === 0 ? null : known.reduce((sum, v) => sum + v, 0);
}

function LegList({ title, legs }: { title: 'Entry' | 'Exit'; legs: Leg[] }) {
  const heading = `${title === 'Entry' ? 'Entries' : 'Exits'} (${legs.length})`;
  return (
    <section className="trade-legs-group">
      <h3>{heading}</h3>
      {legs.length === 0 ? (
        <p className="trade-legs-empty">None yet</p>
      ) : (
        <ol>
          {legs.map((leg) => (
            <li key={leg.sequence}>
              <p className="trade-leg-summary">
                <strong>
                  {title} {leg.sequence}
                </strong>
                : {formatNumber(leg.quantity)} @ {formatRupees(leg.price)}, {formatTimestamp(leg.timestamp)}
              </p>
              <dl className="trade-leg-details">
                <div>
                  <dt>Order ID</dt>
                  <dd>{leg.source.order_id ?? NA}</dd>
                </div>
                <div>
                  <dt>Exchange order ID</dt>
                  <dd>{leg.source.exchange_order_id ?? NA}</dd>
                </div>
                {CHARGES.map(([key, label]) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{formatRupees(leg.source[key])}</dd>
                  </div>
                ))}
                <div className="trade-leg-total">
                  <dt>Total charges</dt>
                  <dd>{formatRupees(totalCharges(leg))}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function TradeLegs({ trade }: { trade: Trade }) {
  return (
    <div className="trade-legs">
      <LegList title="Entry" legs={trade.trade_entries.map(fromEntry)} />
      <LegList title="Exit" legs={trade.trade_exits.map(fromExit)} />
    </div>
  );
}
