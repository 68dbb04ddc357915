import { createContext, useContext } from 'react';

/**
 * The HTTP answer of a page rendered on the server (decision 075), which a screen sets while it
 * renders: a missing listing answers 404, not the shell's 200 (a "soft 404" to search engines),
 * and a screen that would move on at once (a signed-in user on the sign-in page) answers with
 * the redirect. Absent in the browser, where it does nothing.
 */
export type ServerStatus = { status: number; redirectTo?: string };

export const ServerStatusContext = createContext<ServerStatus | null>(null);

/** Marks the page being rendered on the server as not found. */
export function useNotFoundStatus(): void {
  const page = useContext(ServerStatusContext);
  if (page) page.status = 404;
}
