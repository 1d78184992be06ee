/**
 * The way from a trade in a list to its story (/dashboard/trades/{id}), named for the trade. A
 * plain link that the router follows on a click: the router's <Link> watches the location to know
 * whether it is active, so a thousand of them re-rendered on every filter switch (the filter is in
 * the URL) and the switch went over its 100 ms budget on a phone.
 */
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import './trade-link.css';

/** A click the browser should handle itself: another tab or window, a download. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

export function TradeLink({
  tradeId,
  className,
  children,
}: {
  tradeId: number;
  className?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const params = { tradeId: String(tradeId) };
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || opensElsewhere(event)) return;
    event.preventDefault();
    void router.navigate({ to: '/dashboard/trades/$tradeId', params });
  };
  return (
    <a
      href={`/dashboard/trades/${tradeId}`}
      className={className}
      aria-label={`View trade ${tradeId}`}
      onClick={follow}
    >
      {children}
    </a>
  );
}
