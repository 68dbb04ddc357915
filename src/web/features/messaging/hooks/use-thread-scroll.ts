import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { Message } from '../../../../shared/schemas/messaging.ts';

/** How close to the bottom (px) still counts as "reading the newest messages". */
const NEAR_BOTTOM_PX = 120;

/**
 * Scrolling: starts at the newest message; follows new ones when the reader is at the bottom (or
 * sent it); keeps the view still when an older page is added above.
 */
export function useThreadScroll(
  list: readonly Message[],
  pendingCount: number,
  me: string,
  loading: boolean,
) {
  const ref = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const oldest = list[0]?.id ?? null;
  const newest = list[list.length - 1];
  const started = useRef(false);
  const pendingBefore = useRef(pendingCount);

  const toBottom = () => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const el = ref.current;
    const kept = anchor.current;
    if (!el || !kept) return;
    anchor.current = null;
    el.scrollTop = el.scrollHeight - kept.height + kept.top;
  }, [oldest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    if (loading) return;
    if (!started.current) {
      started.current = true;
      toBottom();
      return;
    }
    const justSent = pendingCount > pendingBefore.current;
    pendingBefore.current = pendingCount;
    if (justSent || atBottom.current || newest?.senderId === me) toBottom();
  }, [newest?.id, pendingCount, loading]);

  return {
    ref,
    onScroll: () => {
      const el = ref.current;
      if (!el) return;
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    },
    keepPosition: () => {
      const el = ref.current;
      if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    },
  };
}

/**
 * Calls `onNearTop` when the returned sentinel (put it at the top of the scroller) comes within
 * 200 px of view: scrolling up loads the previous page.
 */
export function useNearTop(scroller: RefObject<HTMLElement | null>, onNearTop: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onNearTopRef = useRef(onNearTop);
  onNearTopRef.current = onNearTop;
  useEffect(() => {
    const target = sentinel.current;
    const root = scroller.current;
    if (!target || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onNearTopRef.current();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scroller]);
  return sentinel;
}
