import { useLayoutEffect } from 'react';

/**
 * Sets the document's title while it is on the page, and puts back the one before when it
 * leaves. React 19 hoisted a rendered `<title>` into the head; Preact, which runs the app
 * (decision 064), renders it where it stands, where browsers ignore it.
 */
export function DocumentTitle({ title }: { title: string }) {
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return null;
}
