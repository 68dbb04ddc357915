import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport (or at once without
 * IntersectionObserver, or when the page was opened on `hash`): a below-the-fold section loads
 * only when it is about to be seen, so it costs the page's first load nothing.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { margin = '600px', hash }: { margin?: string; hash?: string } = {},
): boolean {
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && hash !== undefined && window.location.hash === hash,
  );
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
