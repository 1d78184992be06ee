import { useCallback, useState } from 'react';

/**
 * The first `pageSize` items, then more on demand. Rendering only what the screen can show keeps
 * a filter switch over a thousand trades fast on a phone. Give the list a `key` per filter so
 * the count starts over when the filter changes.
 */
export function useIncrementalList<T>(items: readonly T[], pageSize: number) {
  const [count, setCount] = useState(pageSize);
  const showMore = useCallback(() => setCount((current) => current + pageSize), [pageSize]);
  return {
    visible: items.length > count ? items.slice(0, count) : items,
    remaining: Math.max(0, items.length - count),
    showMore,
  };
}
