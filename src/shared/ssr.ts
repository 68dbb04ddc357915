/**
 * The `id` of the `<script type="application/json">` a server-rendered page carries its state in
 * (TanStack Query's dehydrated cache and the router's hydration data), read by the web entry.
 */
export const SSR_STATE_ID = 'stoop-ssr-state';

/** One answer a page is rendered with: as the API would have given it to this visitor. */
export type ServerQuery = { queryKey: readonly unknown[]; data: unknown };

/** What the server-rendering entry answers for one request (src/web/entry-server.tsx). */
export type RenderResult =
  /** This address is a screen rendered in the browser: serve the app shell. */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** 404 when the route table's catch-all answered (no page at this address). */
      status: number;
      /** The rendered `#root` content; React's `<title>`/`<meta>` come first, for the head. */
      html: string;
      /** What the browser hydrates with, carried as JSON data in the page. */
      state: unknown;
    };

/** The server-rendering entry's one export, as the server loads it from the build. */
export type PageRenderer = {
  renderPage(request: Request, queries: ServerQuery[]): Promise<RenderResult>;
  /** docs/spec.md §2's 'Database Connection Error' screen, for a page while PostgreSQL is down. */
  renderDatabaseError(): Promise<string>;
  /** Whether the route table renders the page at `pathname` on the server (no data loaded). */
  rendersPath(pathname: string): boolean;
};

/**
 * Where a signed-in page's live stream starts: the user's newest live event id, read before the
 * page's data (decision 062's `liveEventId`, which `GET /api/session` answers otherwise).
 */
export type LiveStartState = { userId: string; eventId: number };

/** A route whose page the server renders: `handle` on its entry in the route table. */
export const SERVER_RENDERED = { serverRendered: true } as const;

/**
 * The query keys of the answers the server renders pages with, shared so that both sides name
 * the same cache entries (the web's hooks use these; a renamed key would make hydration ask).
 */
export const pageQueryKeys = {
  health: ['health'],
  me: ['me'],
  /** The navigation bar's Messages badge (the web's `messagingKeys.unread`). */
  unreadCounts: (userId: string | null) => ['messaging', 'unread-count', userId],
  publicConfig: ['public-config'],
  listing: (id: string) => ['listings', 'detail', id],
  applicationSettings: (listingId: string) => ['apply', 'settings', listingId],
  featuredListings: (limit: number | null) => ['listings', 'featured', limit],
  newestListings: (limit: number) => ['listings', 'newest', limit],
  /** `search` as `addressSearch` (src/shared/search-url.ts) writes it. */
  listingSearch: (search: string) => ['listings', 'search', search],
} as const;
