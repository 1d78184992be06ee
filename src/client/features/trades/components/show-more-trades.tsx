/**
 * "Show more trades": a button that also presses itself when it scrolls near the view, so the
 * list grows as the user scrolls and keyboard users can still ask for more.
 */
import { useEffect, useRef } from 'react';

function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(node).overflowY)) return node;
  }
  return null;
}

export function ShowMoreTrades({ remaining, onShowMore }: { remaining: number; onShowMore: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);

  // Observed again after every page: if the button is still near the view, the next page follows.
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onShowMore(), {
      root: scrollParent(button),
      rootMargin: '600px 0px',
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [remaining, onShowMore]);

  return (
    <button ref={ref} type="button" className="small-button show-more" onClick={onShowMore}>
      Show more trades ({remaining} more)
    </button>
  );
}
