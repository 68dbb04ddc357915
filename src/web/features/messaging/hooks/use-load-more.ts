import { type RefObject, useEffect, useRef } from 'react';

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The next page when `sentinel` comes into view (endless scrolling for pointer and touch, in a
 * scrolling list or a scrolling page alike). A keyboard user who has focused the button inside it
 * decides by pressing it.
 */
export function useLoadMoreOnScroll(sentinel: RefObject<HTMLElement | null>, pages: Pages) {
  const latest = useRef(pages);
  latest.current = pages;
  const { hasNextPage } = pages;
  useEffect(() => {
    const target = sentinel.current;
    if (!hasNextPage || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const { hasNextPage: more, isFetchingNextPage, fetchNextPage } = latest.current;
      if (target.contains(document.activeElement)) return;
      if (entries.some((entry) => entry.isIntersecting) && more && !isFetchingNextPage) {
        void fetchNextPage();
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage]);
}
