/** Breadcrumb trail: earlier steps are links, the last one is the current page. */
import { Link, type LinkProps } from '@tanstack/react-router';
import './breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** Omit for the current page. */
  to?: LinkProps['to'];
}

export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item) => (
          <li key={item.label}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
