/**
 * A running trade whose exit is left open at the broker after every chase says "exit pending at
 * the broker · <since when>": under its status in the table, as a note on its card and page.
 */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exitPendingText } from '@shared/format';
import { ExitPendingNote } from '@client/features/trades/components/exit-pending-note';
import { TRADE_FIELDS } from '@client/features/trades/components/trade-fields';
import { makeTrade } from './trades-fixtures';

const NOW = new Date('2026-11-20T10:02:05.000Z');
const SINCE = '2026-11-20T09:59:00.000Z';

describe('exit pending at the broker', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says how long, as the other ages on the screens, while the trade runs', () => {
    expect(exitPendingText({ trade_status: 'running', exit_pending_since: SINCE }, NOW)).toBe(
      'exit pending at the broker · 3 min',
    );
    // The admin's stored status "open" is running too.
    expect(exitPendingText({ trade_status: 'open', exit_pending_since: '2026-11-20T10:01:50.000Z' }, NOW)).toBe(
      'exit pending at the broker · 15 s',
    );
    expect(exitPendingText({ trade_status: 'running', exit_pending_since: null }, NOW)).toBeNull();
    // A finished trade has nothing pending, whatever is left in the field.
    expect(exitPendingText({ trade_status: 'completed', exit_pending_since: SINCE }, NOW)).toBeNull();
  });

  it('is a note on the card and page, and under the status in the table', () => {
    const pending = makeTrade({ broker: 'zerodha', exit_pending_since: SINCE });
    const note = render(<ExitPendingNote trade={pending} />).container;
    expect(note.textContent).toBe('exit pending at the broker · 3 min');
    expect(note.querySelector('p')!.title).toMatch(/still open at the broker/);
    expect(render(<>{TRADE_FIELDS.status.render(pending)}</>).container.textContent).toBe(
      'runningexit pending at the broker · 3 min',
    );
    const clear = makeTrade({ broker: 'zerodha' });
    expect(render(<ExitPendingNote trade={clear} />).container.innerHTML).toBe('');
    expect(render(<>{TRADE_FIELDS.status.render(clear)}</>).container.textContent).toBe('running');
  });
});
