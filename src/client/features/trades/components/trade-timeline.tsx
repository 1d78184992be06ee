/** A trade's story as an ordered list: each step's time, what happened and its details. */
import { formatNumber, formatRupees, formatTimestamp } from '@shared/format';
import type { LevelField, TimelineItem } from '@shared/schemas/trade-detail';

const LEVEL_LABELS: Record<LevelField, string> = {
  entry_level: 'Entry',
  stop_loss_level: 'Stop-loss',
  target_level: 'Target',
};

/** The step's details that it has, as label and text. */
function detailsOf(step: TimelineItem): [string, string][] {
  const details: [string, string | null][] = [
    ['By', step.by],
    ['Client order ID', step.client_order_id],
    ['Broker order no.', step.order_id],
    ['Order type', step.order_type],
    ['Quantity', step.quantity === null ? null : formatNumber(step.quantity)],
    ['Price', step.price === null ? null : formatRupees(step.price)],
    ['Charges', step.charges === null ? null : formatRupees(step.charges)],
    ...step.changes.map((c): [string, string] => [
      LEVEL_LABELS[c.field],
      `${formatRupees(c.from)} → ${formatRupees(c.to)}`,
    ]),
  ];
  return details.filter((d): d is [string, string] => d[1] !== null);
}

export function TradeTimeline({ steps }: { steps: readonly TimelineItem[] }) {
  return (
    <ol className="trade-timeline">
      {steps.map((step, i) => {
        const details = detailsOf(step);
        return (
          <li key={i} className={`trade-timeline-step trade-timeline-step--${step.kind}`}>
            <time dateTime={step.at}>{formatTimestamp(step.at)}</time>
            <p className="trade-timeline-title">{step.title}</p>
            {step.note && <p className="trade-timeline-note">{step.note}</p>}
            {details.length > 0 && (
              <dl className="trade-timeline-details">
                {details.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
