// First, as in main.tsx: zod is configured before any schema exists.
import './zod-config.ts';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import type { PageRenderer, RenderResult, SERVER_RENDERED, ServerQuery } from '../shared/ssr.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { DatabaseErrorScreen } from './app/startup-gate.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { type ServerStatus, ServerStatusContext } from './lib/server-status.ts';
import type { SsrState } from './lib/ssr-state.ts';

const { query, dataRoutes } = createStaticHandler(routes);

/** True when the deepest matched route is the catch-all `*` (the not-found page). */
function isNotFound(context: StaticHandlerContext): boolean {
  return context.matches.at(-1)?.route.path === '*';
}

/**
 * The page's HTML, whole: a prerender writes nothing until every part is ready, the lazily
 * loaded ones (the apply and tour panels) included, and with no chunk size limit it writes each
 * in place. Otherwise React moves a part in with an inline script, which the CSP forbids: such a
 * page is refused here and the shell answers instead.
 */
async function renderWhole(page: ReactNode, signal: AbortSignal): Promise<string> {
  const { prelude } = await prerender(page, {
    signal,
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // A part that fails here would be left to the browser: said, and the shell answers.
    onError(error) {
      console.error('server rendering:', error);
    },
  });
  const html = await new Response(prelude).text();
  // Data blocks (a listing's schema.org JSON) are not run; any other script would be.
  if (/<script(?![^>]*\stype="application\/ld\+json")/.test(html)) {
    throw new Error('The rendered page holds an inline script.');
  }
  return html;
}

/**
 * Renders one page of the route table for `request` with the answers in `queries` already in
 * TanStack Query's cache: the same tree `main.tsx` hydrates, so the browser reuses this markup
 * and asks the API for none of it. The router's lazy page modules are loaded by `query` first.
 */
export async function renderPage(request: Request, queries: ServerQuery[]): Promise<RenderResult> {
  const context = await query(request);
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }
  // Only the pages the route table marks; the others are screens rendered in the browser. (The
  // handler's matches: matching the table again was a third of a render's time.)
  const handle = context.matches.at(-1)?.route.handle as
    | Partial<typeof SERVER_RENDERED>
    | undefined;
  if (!handle?.serverRendered) return { kind: 'shell' };
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  const router = createStaticRouter(dataRoutes, context);
  const status: ServerStatus = { status: isNotFound(context) ? 404 : context.statusCode };
  const page = (
    <StrictMode>
      <ServerStatusContext value={status}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </ServerStatusContext>
    </StrictMode>
  );
  const html = await renderWhole(page, request.signal);
  // A screen that moves on at once (a guard's redirect): the server answers with the move.
  if (status.redirectTo !== undefined) {
    queryClient.clear();
    return { kind: 'redirect', status: 302, location: status.redirectTo };
  }
  const state: SsrState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  queryClient.clear();
  return { kind: 'page', status: status.status, html, state };
}

/**
 * The start-up gate's error screen on its own, for a page asked for while PostgreSQL is down.
 * Not hydrated: the app starts as usual under it and asks `/api/health` itself.
 */
export function renderDatabaseError(): Promise<string> {
  return renderWhole(<DatabaseErrorScreen />, AbortSignal.timeout(5_000));
}

/** A UUID path segment: every one matches the same routes as any other. */
const UUID_SEGMENT =
  /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;
const RENDERS_PATH_MEMO_LIMIT = 2_000;
const rendersPathMemo = new Map<string, boolean>();

/**
 * Whether `pathname`'s page is one the server renders, by the route table alone. Asked for every
 * page request: React Router's `matchRoutes` flattens and ranks the whole table on each call
 * (0.8 ms here), so answers are kept by the path's shape (its ids as one placeholder).
 */
export function rendersPath(pathname: string): boolean {
  const shape = pathname.replace(UUID_SEGMENT, '00000000-0000-4000-8000-000000000000');
  let renders = rendersPathMemo.get(shape);
  if (renders === undefined) {
    const handle = matchRoutes(dataRoutes, shape)?.at(-1)?.route.handle as
      | Partial<typeof SERVER_RENDERED>
      | undefined;
    renders = handle?.serverRendered === true;
    if (rendersPathMemo.size >= RENDERS_PATH_MEMO_LIMIT) rendersPathMemo.clear();
    rendersPathMemo.set(shape, renders);
  }
  return renders;
}

({ renderPage, renderDatabaseError, rendersPath }) satisfies PageRenderer;
