/**
 * A running trade whose exit is left open at the broker after every chase (the engine escalated
 * it, docs/engine.md "The exit chase"): "exit pending at the broker · 3 min", on its card and page.
 * trade-cards-markup.ts writes the same for the server's cards.
 */
import { EXIT_PENDING_TITLE, exitPendingText } from '@shared/format';
import type { Trade } from '@shared/schemas/trades';

export function ExitPendingNote({ trade }: { trade: Trade }) {
  const text = exitPendingText(trade, new Date());
  if (!text) return null;
  return (
    <p className="trade-card-note trade-exit-pending" title={EXIT_PENDING_TITLE}>
      {text}
    </p>
  );
}
