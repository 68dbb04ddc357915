import { Hono } from 'hono';
import { CARD_SIZES, photoSrcSet } from '../../../shared/listing-photos.ts';
import { SEARCH_PAGE_DATA_ID } from '../../../shared/listings.ts';
import { ListingSearchQuerySchema } from '../../../shared/schemas/listing-queries.ts';
import { addressPageCount, addressSearch } from '../../../shared/search-url.ts';
import { pageQueryKeys } from '../../../shared/ssr.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';
import type { RenderPage } from '../../lib/page-render.ts';
import { searchListings } from './search.service.ts';

/**
 * `/search` answered with the app shell plus the first page of the search its address asks
 * for, and a preload of the first card's photo. On a phone the results, and with them the
 * page's largest image, otherwise wait for the entry script, the route chunk and then an API
 * round trip. The page takes the data only when its own search is the same (a bare /search
 * that restores stored filters asks the API as before). Any failure serves the plain shell.
 */
export function createSearchPageRoutes(
  { database: { db }, storage, listingSearch, logger }: AppDeps,
  indexHtml: (pathname: string) => string | undefined,
  renderPage: RenderPage,
) {
  return new Hono<AppEnv>().get('/search', async (c, next) => {
    const shell = indexHtml(c.req.path);
    if (!shell) return next();
    // The page is rendered with its first page of results (decision 075), asked as the page
    // asks the API: the address's search, normalized.
    await renderPage.viewer(c);
    const search = addressSearch(new URL(c.req.url).searchParams);
    const input = ListingSearchQuerySchema.safeParse(
      Object.fromEntries(new URLSearchParams(search)),
    );
    // A search the API turns down: the page shows its error, from the shell.
    if (!input.success) return c.html(shell);
    // `page=N`: the first N pages, as a page without scripts follows "Load more" to them.
    const pages = [];
    const pageParams: (string | null)[] = [null];
    const count = addressPageCount(new URL(c.req.url).searchParams);
    for (let cursor: string | null = null; ; ) {
      const page = await searchListings({
        ctx: { db, storage, listingSearch },
        input: { ...input.data, ...(cursor ? { cursor } : {}) },
      });
      pages.push(page);
      cursor = page.nextCursor;
      if (pages.length >= count || !cursor) break;
      pageParams.push(cursor);
    }
    const rendered = await renderPage.page(c, {
      queries: [{ queryKey: pageQueryKeys.listingSearch(search), data: { pages, pageParams } }],
      databaseAnswered: true,
    });
    if (rendered) return rendered;
    const parsed = ListingSearchQuerySchema.safeParse(c.req.query());
    if (!parsed.success || parsed.data.cursor) return c.html(shell);
    let tags: string;
    try {
      const page = await searchListings({
        ctx: { db, storage, listingSearch },
        input: parsed.data,
      });
      const query = new URL(c.req.url).search.slice(1);
      const photo = page.items[0]?.coverPhoto;
      tags =
        (photo
          ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(photo.url)}" imagesrcset="${escapeHtml(photoSrcSet(photo))}" imagesizes="${CARD_SIZES}" />`
          : '') +
        `<script type="application/json" id="${SEARCH_PAGE_DATA_ID}">${jsonForScript({ query, page })}</script>`;
    } catch (error) {
      logger.warn({ err: error }, 'search page: serving the shell without results');
      return c.html(shell);
    }
    return c.html(shell.replace('</head>', () => `${tags}</head>`));
  });
}
