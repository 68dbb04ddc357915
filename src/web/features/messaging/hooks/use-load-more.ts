import { type RefObject, useEffect, useRef } from 'react';

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The next page when `sentinel` scrolls into view inside `root` (or comes near it): endless
 * scrolling for pointer and touch. Keyboard and screen-reader users get a button beside it.
 */
export function useLoadMoreOnScroll(
  root: RefObject<HTMLElement | null>,
  sentinel: RefObject<HTMLElement | null>,
  pages: Pages,
) {
  const latest = useRef(pages);
  latest.current = pages;
  const { hasNextPage } = pages;
  useEffect(() => {
    const target = sentinel.current;
    if (!hasNextPage || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage: more, isFetchingNextPage, fetchNextPage } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && more && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { root: root.current, rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [root, sentinel, hasNextPage]);
}
