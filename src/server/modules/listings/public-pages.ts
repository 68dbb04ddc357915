import { Hono } from 'hono';
import { FEATURED_LIMIT } from '../../../shared/listings.ts';
import { hasRecoveryMarker, recoveryTarget } from '../../../shared/recovery.ts';
import { ListingSearchQuerySchema } from '../../../shared/schemas/listing-queries.ts';
import { pageQueryKeys } from '../../../shared/ssr.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import type { RenderPage } from '../../lib/page-render.ts';
import { featuredListings, searchListings } from './search.service.ts';

/** The home page's two rows (src/web/app/home/home-listings.tsx). */
const HOME_ROW = 6;
const NEWEST_ROW = ListingSearchQuerySchema.parse({ limit: String(HOME_ROW) });

/**
 * `/` and `/featured` rendered with their listings (decision 075), loaded here through the
 * services as the API answers anyone. A password-recovery address on `/` is sent on to
 * /reset-password by the server (docs/spec.md §2; a marker in the hash, which no server sees,
 * is still handled in the browser). Anything not rendered falls through to the shell.
 */
export function createPublicPageRoutes(
  { database: { db }, storage, listingSearch }: AppDeps,
  renderPage: RenderPage,
) {
  const featured = (limit: number) =>
    featuredListings({ ctx: { db, storage }, input: { limit } }).then((page) => page.items);
  return new Hono<AppEnv>()
    .get('/', async (c, next) => {
      const url = new URL(c.req.url);
      if (hasRecoveryMarker(url.search, '')) return c.redirect(recoveryTarget(url.search, ''), 302);
      await renderPage.viewer(c);
      const [top, newest] = await Promise.all([
        featured(HOME_ROW),
        // The same search as the row's `GET /api/listings?limit=6`, defaults included.
        searchListings({ ctx: { db, storage, listingSearch }, input: NEWEST_ROW }),
      ]);
      const rendered = await renderPage.page(c, {
        queries: [
          { queryKey: pageQueryKeys.featuredListings(HOME_ROW), data: top },
          { queryKey: pageQueryKeys.newestListings(HOME_ROW), data: newest },
        ],
        databaseAnswered: true,
      });
      return rendered ?? next();
    })
    .get('/featured', async (c, next) => {
      await renderPage.viewer(c);
      const rendered = await renderPage.page(c, {
        queries: [
          { queryKey: pageQueryKeys.featuredListings(null), data: await featured(FEATURED_LIMIT) },
        ],
        databaseAnswered: true,
      });
      return rendered ?? next();
    });
}
