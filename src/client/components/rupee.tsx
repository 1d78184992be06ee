/**
 * An amount in Indian rupees (N.A. when missing); `signed` colours gains green and losses red, and
 * `withSign` also writes the sign (+₹10.00), for figures that must read without colour.
 */
import { formatRupees, formatSignedRupees, toneOf } from '@shared/format';
import './rupee.css';

export function Rupee({
  value,
  signed = false,
  withSign = false,
}: {
  value: number | null | undefined;
  signed?: boolean;
  withSign?: boolean;
}) {
  const className = signed ? `rupee rupee--${toneOf(value)}` : 'rupee';
  return <span className={className}>{withSign ? formatSignedRupees(value) : formatRupees(value)}</span>;
}
