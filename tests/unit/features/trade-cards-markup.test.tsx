/**
 * The server's trade cards (src/server/pages/trade-cards-markup.ts, the member's trades page in
 * the HTML) are the phone's cards as the app renders them: rendered both ways from the same
 * trades, the markup is the same but for what marks the server's copy (inert buttons until the
 * app takes over, the server-data mark).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Trade } from '@shared/schemas/trades';
import { escapeHtml, FIRST_TRADE_CARDS, tradeCardsMarkup } from '@server/pages/trade-cards-markup';
import { MEMBER, renderApp, setViewportWidth, stubApi } from './render-app';
import { makeTrade } from './trades-fixtures';

const TRADES_PATH = '/api/account-trades?status=active';

/** The server's markup as the app would render it: no inert buttons, no server mark. */
const asAppRenders = (html: string) => html.replace(/ inert=""/g, '').replace(/ data-server-data=""/g, '');

async function appCards(trades: Trade[]): Promise<string> {
  setViewportWidth(390);
  stubApi(MEMBER, { [`GET ${TRADES_PATH}`]: () => ({ body: trades }) });
  renderApp('/dashboard/trades');
  const list = await screen.findByRole('list', { name: 'Trades' });
  const showMore = list.nextElementSibling?.matches('button.show-more') ? list.nextElementSibling.outerHTML : '';
  return list.outerHTML + showMore;
}

/** The server's cards as the browser reads them (serialized again, as the app's are). */
const serverCards = (trades: Trade[]) => {
  const html = tradeCardsMarkup(trades);
  const parsed = document.createElement('template');
  parsed.innerHTML = asAppRenders(html.slice(0, html.indexOf('<p class="list-state trades-loading')));
  return parsed.innerHTML;
};

describe('the server-rendered trade cards', () => {
  it('are the cards the app renders: gains, losses, live and paper, part-exited, no price, exit pending', async () => {
    const trades = [
      makeTrade({
        trabot_trade_id: 11,
        trade_instrument: 'RELIANCE',
        ltp: 2050,
        avg_entry_price: 2000,
        current_mtm: 500,
      }),
      makeTrade({
        trabot_trade_id: 12,
        trade_instrument: 'INFY',
        trade_direction: 'short',
        broker: 'zerodha',
        trade_exchange: 'BSE',
        ltp: 1530,
        avg_entry_price: 1500,
        current_mtm: -300.5,
      }),
      makeTrade({
        trabot_trade_id: 13,
        trade_instrument: 'TCS',
        trade_status: 'open',
        trade_quantity: 20,
        remaining_quantity: 10,
        avg_exit_price: 3933,
        ltp: null,
        current_mtm: 0,
      }),
      makeTrade({ trabot_trade_id: 14, trade_instrument: 'WIPRO', trade_status: 'completed' }),
      makeTrade({ trabot_trade_id: 15, trade_instrument: 'A&B <"x">', trade_quantity: 123456 }),
      // An exit left open at the broker after every chase, for five minutes.
      makeTrade({
        trabot_trade_id: 16,
        trade_instrument: 'SBIN',
        broker: 'zerodha',
        exit_pending_since: new Date(Date.now() - 5 * 60_000 - 10_000).toISOString(),
      }),
      // A stop that failed at the broker, in the broker's words.
      makeTrade({
        trabot_trade_id: 17,
        trade_instrument: 'ITC',
        broker: 'zerodha',
        stop_failed: 'TPIN <not> authorised',
      }),
    ];
    const app = await appCards(trades);
    expect(app).toContain('exit pending at the broker · 5 min');
    expect(app).toContain('stop failed: TPIN &lt;not&gt; authorised');
    expect(app).toContain('RELIANCE');
    expect(app).not.toContain('WIPRO');
    expect(serverCards(trades)).toBe(app);
  });

  it('are the first page of cards and the same "Show more" when there are more', async () => {
    const trades = Array.from({ length: FIRST_TRADE_CARDS + 3 }, (_, i) =>
      makeTrade({ trabot_trade_id: 100 + i, trade_instrument: `SYM${i}` }),
    );
    const app = await appCards(trades);
    expect(app).toContain('Show more trades (3 more)');
    expect(serverCards(trades)).toBe(app);
  });

  it('mark the server copy: buttons inert until the app takes over, the list hidden on a wide screen', () => {
    const html = tradeCardsMarkup([makeTrade({ trabot_trade_id: 5 })]);
    expect(html).toMatch(/^<ul class="trade-cards" aria-label="Trades" data-server-data="">/);
    expect(html.match(/<button [^>]*>/g)?.every((tag) => tag.startsWith('<button inert=""'))).toBe(true);
    expect(html).toContain('<a href="/dashboard/trades/5" class="trade-card-link" aria-label="View trade 5">');
    expect(html).toMatch(
      /<p class="list-state trades-loading trades-loading--wide" role="status">Loading trades...<\/p>$/,
    );
  });

  it('say so when no trade is running', () => {
    expect(tradeCardsMarkup([makeTrade({ trade_status: 'completed' })])).toMatch(
      /^<p class="list-state" data-server-data="">No trades found<\/p>/,
    );
  });

  it('escape text and attributes as React does', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#x27;');
  });
});
