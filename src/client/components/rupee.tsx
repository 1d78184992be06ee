/** An amount in Indian rupees (N.A. when missing); `signed` colours gains green and losses red. */
import { formatRupees, toneOf } from '../../shared/format';
import './rupee.css';

export function Rupee({ value, signed = false }: { value: number | null | undefined; signed?: boolean }) {
  const className = signed ? `rupee rupee--${toneOf(value)}` : 'rupee';
  return <span className={className}>{formatRupees(value)}</span>;
}
