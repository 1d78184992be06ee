/** The way from a trade in a list to its story (/dashboard/trades/{id}), named for the trade. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './trade-link.css';

export function TradeLink({ tradeId, className, children }: { tradeId: number; className?: string; children: ReactNode }) {
  return (
    <Link to="/dashboard/trades/$tradeId" params={{ tradeId: String(tradeId) }} className={className} aria-label={`View trade ${tradeId}`}>
      {children}
    </Link>
  );
}
