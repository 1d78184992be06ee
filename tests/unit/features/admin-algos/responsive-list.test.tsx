import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { setViewportWidth } from '../render-app';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  score: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'Asha', score: 10 },
  { id: 2, name: 'Ravi', score: 7 },
];
const COLUMNS: ResponsiveColumn<Row>[] = [
  { key: 'id', header: 'ID', cell: (r) => r.id },
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'score', header: 'Score', primary: true, cell: (r) => r.score },
];

const list = (items: Row[], extra: Partial<Parameters<typeof ResponsiveList<Row>>[0]> = {}) => (
  <ResponsiveList
    items={items}
    columns={COLUMNS}
    rowKey={(r) => r.id}
    empty="Nothing here"
    caption="Players"
    {...extra}
  />
);

describe('ResponsiveList', () => {
  it('is a captioned, scrollable table with header scopes from 768 px', () => {
    setViewportWidth(768);
    render(list(ROWS));
    const table = screen.getByRole('table', { name: 'Players' });
    expect(table.querySelector('caption')?.textContent).toBe('Players');
    expect(
      Array.from(table.querySelectorAll('thead th')).map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['ID', 'col'],
      ['Name', 'col'],
      ['Score', 'col'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['1', '2']);
    const region = screen.getByRole('region', { name: 'Players' });
    expect(region.className).toBe('responsive-table-scroll');
    expect(region.tabIndex).toBe(0);
  });

  it('is a list of cards with label: value pairs, primary fields first, below 768 px', () => {
    setViewportWidth(767);
    render(
      list(ROWS, {
        cardTitle: (r) => `Player ${r.id}`,
        cardActions: (r) => <button type="button">Edit {r.name}</button>,
      }),
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading').textContent).toBe('Player 1');
    expect(
      Array.from(first.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
    ).toEqual(['Score: 10', 'ID: 1', 'Name: Asha']);
    expect(within(first).getByRole('button', { name: 'Edit Asha' })).toBeTruthy();
  });

  it('shows the empty text when there are no items', () => {
    setViewportWidth(1024);
    render(list([]));
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
