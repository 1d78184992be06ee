/**
 * A running trade whose stop failed at its broker says "stop failed: <the broker's reason>": under
 * its status in the table, as a note on its card and page; nothing once it has closed.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stopFailedText } from '@shared/format';
import { StopFailedNote } from '@client/features/trades/components/stop-failed-note';
import { TRADE_FIELDS } from '@client/features/trades/components/trade-fields';
import { makeTrade } from './trades-fixtures';

const REASON = 'Holdings not authorised for sale: authorise them through CDSL TPIN';

describe('stop failed', () => {
  it("says the broker's reason while the trade runs", () => {
    expect(stopFailedText({ trade_status: 'running', stop_failed: REASON })).toBe(`stop failed: ${REASON}`);
    expect(stopFailedText({ trade_status: 'open', stop_failed: REASON })).toBe(`stop failed: ${REASON}`);
    expect(stopFailedText({ trade_status: 'running', stop_failed: null })).toBeNull();
    expect(stopFailedText({ trade_status: 'completed', stop_failed: REASON })).toBeNull();
  });

  it('is a note on the card and page, and under the status in the table', () => {
    const failed = makeTrade({ broker: 'zerodha', stop_failed: REASON });
    const note = render(<StopFailedNote trade={failed} />).container;
    expect(note.textContent).toBe(`stop failed: ${REASON}`);
    expect(note.querySelector('p')!.title).toMatch(/not protected at the broker/);
    expect(render(<>{TRADE_FIELDS.status.render(failed)}</>).container.textContent).toBe(
      `runningstop failed: ${REASON}`,
    );
    expect(render(<StopFailedNote trade={makeTrade({ broker: 'zerodha' })} />).container.innerHTML).toBe('');
  });
});
