/** The P&L card's figures, shared by the compact summary and the periods panel (its own chunk). */
import type { ReactNode } from 'react';
import { Rupee } from '@client/components/rupee';

/** Shown in place of a figure not (yet) known. */
export const PENDING = '…';

export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pnl-figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A signed amount, or PENDING while it is not known. */
export const signed = (value: number | undefined) =>
  value === undefined ? PENDING : <Rupee value={value} signed withSign />;
