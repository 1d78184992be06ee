/**
 * A list of records that reads well at any width: a real table (caption, header scopes,
 * horizontal scroll) from 768 px up, a list of cards with label: value pairs on a phone.
 * The first column heads each table row; primary columns come first on a card.
 */
import { useMemo, type ReactNode } from 'react';
import { useMediaQuery } from '@client/lib/use-media-query';
import './responsive-list.css';

export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

export interface ResponsiveColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Shown first on a card. */
  primary?: boolean;
  /**
   * The table's last column (its actions) stays at the right edge while the rest scrolls
   * sideways, so it is never off-screen.
   */
  sticky?: boolean;
  /** On a card, behind its "Details" disclosure (after the actions). */
  secondary?: boolean;
  /** On a card, a whole row (long text). */
  fullWidth?: boolean;
}

export interface ResponsiveListProps<T> {
  items: readonly T[];
  columns: readonly ResponsiveColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Shown instead of the list when there are no items. */
  empty: string;
  /** The table's caption and the card list's accessible name. */
  caption: string;
  cardTitle?: (row: T) => ReactNode;
  cardActions?: (row: T) => ReactNode;
  /** Tighter cells, for tables with many columns (so a laptop shows them all). */
  dense?: boolean;
}

export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (props.items.length === 0) return <p className="responsive-list-empty">{props.empty}</p>;
  return wide ? <ListTable {...props} /> : <ListCards {...props} />;
}

const stickyClass = (column: { sticky?: boolean }) => (column.sticky ? 'responsive-sticky' : undefined);

function ListTable<T>({ items, columns, rowKey, caption, dense }: ResponsiveListProps<T>) {
  return (
    <div className="responsive-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className={dense ? 'responsive-table responsive-table--dense' : 'responsive-table'}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={stickyClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row" className={stickyClass(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={stickyClass(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CardFields<T>({ row, columns }: { row: T; columns: readonly ResponsiveColumn<T>[] }) {
  return (
    <dl className="responsive-card-fields">
      {columns.map((column) => {
        const className = [
          column.primary && 'responsive-card-field--primary',
          column.fullWidth && 'responsive-card-field--full',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={column.key} className={className || undefined}>
            <dt>{column.header}</dt>
            <dd>{column.cell(row)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function ListCards<T>({ items, columns, rowKey, caption, cardTitle, cardActions }: ResponsiveListProps<T>) {
  const [shown, details] = useMemo(() => {
    const visible = columns.filter((c) => !c.secondary);
    return [
      [...visible.filter((c) => c.primary), ...visible.filter((c) => !c.primary)],
      columns.filter((c) => c.secondary),
    ];
  }, [columns]);
  return (
    <ul className="responsive-cards" aria-label={caption}>
      {items.map((row) => {
        const key = rowKey(row);
        const actions = cardActions?.(row);
        return (
          <li key={key} className="responsive-card">
            {cardTitle && <h2 className="responsive-card-title">{cardTitle(row)}</h2>}
            <CardFields row={row} columns={shown} />
            {actions && <div className="responsive-card-actions">{actions}</div>}
            {details.length > 0 && (
              <details className="responsive-card-details">
                <summary>Details</summary>
                <CardFields row={row} columns={details} />
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
