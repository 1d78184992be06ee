/**
 * A small coloured label for a status. Plain HTML rather than IonBadge: the trades list may hold
 * a thousand of them, and a web component per badge costs more than a styled span.
 */
import type { ReactNode } from 'react';
import './status-badge.css';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'primary' | 'info' | 'neutral';

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
