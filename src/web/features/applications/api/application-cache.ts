import type { QueryClient } from '@tanstack/react-query';
import type { Application } from '../../../../shared/schemas/applications.ts';
import {
  type ApplicationsFilter,
  type ApplicationsSide,
  applicationsKeys,
} from './applications-keys.ts';
import type { ApplicationPages } from './get-applications.ts';

/*
 * Writes a changed application (a live `application.changed`, or an action's own answer) into the
 * cached lists and the open detail instead of refetching them (docs/architecture.md §5, decision
 * 049). Each list keeps the server's rules (listApplications in
 * src/server/modules/applications/applications.service.ts): its filter decides whether the
 * application belongs; a renter's list is newest first, a landlord's oldest first, by submission
 * then id.
 */

/** Whether `GET /api/applications` with `filter` would answer with `application`. */
export function applicationMatches(application: Application, filter: ApplicationsFilter) {
  if (filter.listingId && filter.listingId !== application.listing.id) return false;
  if (filter.status && filter.status !== application.status) return false;
  return true;
}

/**
 * Whether `incoming` is older than the copy already held (an event overtaken by an action's own
 * answer): updated earlier, or as late with fewer timeline entries (a document opening changes
 * only the timeline).
 */
export function isOlder(incoming: Application, held: Application): boolean {
  const byTime = Date.parse(incoming.updatedAt) - Date.parse(held.updatedAt);
  if (byTime !== 0) return byTime < 0;
  return incoming.timeline.length < held.timeline.length;
}

/** The list's order: negative when `a` comes before `b`. */
function compare(side: ApplicationsSide) {
  const direction = side === 'landlord' ? 1 : -1;
  return (a: Application, b: Application) => {
    const byTime = Date.parse(a.submittedAt) - Date.parse(b.submittedAt);
    if (byTime !== 0) return direction * byTime;
    return direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

/**
 * The loaded pages with `application` put where it belongs: its old copy replaced or taken out,
 * and a new one placed in order. One that falls after the last loaded item while more pages wait
 * is left for the next page to bring. `pages` itself when nothing changes.
 */
export function placeApplication(
  pages: ApplicationPages,
  application: Application,
  side: ApplicationsSide,
  filter: ApplicationsFilter,
): ApplicationPages {
  const held = pages.pages.flatMap((page) => page.items).find((i) => i.id === application.id);
  if (held && isOlder(application, held)) return pages;
  let removed = false;
  const without = pages.pages.map((page) => {
    const items = page.items.filter((item) => item.id !== application.id);
    if (items.length === page.items.length) return page;
    removed = true;
    return { ...page, items };
  });
  if (!applicationMatches(application, filter)) {
    return removed ? { ...pages, pages: without } : pages;
  }
  const before = compare(side);
  for (const [index, page] of without.entries()) {
    const at = page.items.findIndex((item) => before(application, item) < 0);
    if (at === -1) continue;
    const items = [...page.items.slice(0, at), application, ...page.items.slice(at)];
    return { ...pages, pages: without.map((p, i) => (i === index ? { ...page, items } : p)) };
  }
  const last = without.at(-1);
  if (!last || last.nextCursor !== null) return removed ? { ...pages, pages: without } : pages;
  const lastPage = { ...last, items: [...last.items, application] };
  return { ...pages, pages: [...without.slice(0, -1), lastPage] };
}

/** Puts `application` into every cached list and into its detail, when that is cached. */
export function writeApplication(queryClient: QueryClient, application: Application): void {
  const lists = queryClient.getQueriesData<ApplicationPages>({ queryKey: applicationsKeys.lists });
  for (const [key, pages] of lists) {
    if (!pages) continue;
    const side = key[2] as ApplicationsSide;
    const filter = (key[3] ?? {}) as {
      listingId: string | null;
      status: ApplicationsFilter['status'] | null;
    };
    const next = placeApplication(pages, application, side, {
      listingId: filter.listingId ?? undefined,
      status: filter.status ?? undefined,
    });
    if (next !== pages) queryClient.setQueryData(key, next);
  }
  // Only a detail already open: the landlord's first read must reach the server ("viewed").
  const detail = applicationsKeys.detail(application.id);
  const open = queryClient.getQueryData<Application>(detail);
  if (open !== undefined && !isOlder(application, open)) {
    queryClient.setQueryData(detail, application);
  }
}

/** Takes the application out of every cached list and forgets its detail (a member who left). */
export function dropApplication(queryClient: QueryClient, id: string): void {
  const lists = queryClient.getQueriesData<ApplicationPages>({ queryKey: applicationsKeys.lists });
  for (const [key, pages] of lists) {
    if (!pages?.pages.some((page) => page.items.some((item) => item.id === id))) continue;
    queryClient.setQueryData<ApplicationPages>(key, {
      ...pages,
      pages: pages.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== id),
      })),
    });
  }
  queryClient.removeQueries({ queryKey: applicationsKeys.detail(id) });
}
