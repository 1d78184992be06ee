/**
 * A running trade whose stop failed at its broker (docs/engine.md, "Failed stops and rejected
 * exits"): "stop failed: <the broker's reason>", on its card and page. trade-cards-markup.ts writes
 * the same for the server's cards.
 */
import { STOP_FAILED_TITLE, stopFailedText } from '@shared/format';
import type { Trade } from '@shared/schemas/trades';

export function StopFailedNote({ trade }: { trade: Trade }) {
  const text = stopFailedText(trade);
  if (!text) return null;
  return (
    <p className="trade-card-note trade-stop-failed" title={STOP_FAILED_TITLE}>
      {text}
    </p>
  );
}
