import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { type LiveStartState, SSR_STATE_ID } from '../../shared/ssr.ts';

/** What a server-rendered page hands the browser to hydrate with (src/web/entry-server.tsx). */
export type SsrState = {
  queries: DehydratedState;
  router: HydrationState;
  /** A signed-in user's page: where its live stream starts (the server read it first). */
  live?: LiveStartState;
};

/** The page's server state, read once (the element is removed), or undefined for the shell. */
export function takeSsrState(doc: Document): SsrState | undefined {
  const element = doc.getElementById(SSR_STATE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as Partial<SsrState> | null;
    return state?.queries && state.router ? (state as SsrState) : undefined;
  } catch {
    return undefined;
  }
}
