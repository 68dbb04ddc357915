import { createContext, useContext } from 'react';

/**
 * The HTTP status of a page rendered on the server (decision 075), which a screen with nothing
 * to show sets while it renders: a missing listing answers 404, not the shell's 200 (a "soft
 * 404" to search engines). Absent in the browser, where it does nothing.
 */
export const ServerStatusContext = createContext<{ status: number } | null>(null);

/** Marks the page being rendered on the server as not found. */
export function useNotFoundStatus(): void {
  const page = useContext(ServerStatusContext);
  if (page) page.status = 404;
}
