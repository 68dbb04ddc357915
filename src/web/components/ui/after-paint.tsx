import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders its children once the screen above them has been painted: a page's lower sections
 * (below the fold on a phone) then render and lay out as a task of their own instead of in the
 * page's one big render (decision 066). Only where appearing a moment later pushes nothing on
 * screen: content at the end of a page (the footer starts below the fold), or with a `fallback`
 * of the same size.
 */
export function AfterPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  /** What stands in its place until then (the same size, so nothing moves when it is replaced). */
  fallback?: ReactNode;
}) {
  const [painted, setPainted] = useState(false);
  // An effect runs after the browser has painted the render that mounted it.
  useEffect(() => setPainted(true), []);
  return painted ? children : fallback;
}
