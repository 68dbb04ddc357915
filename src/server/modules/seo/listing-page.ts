import { Hono, type MiddlewareHandler } from 'hono';
import { MOBILE_USER_AGENT } from '../../../shared/constants.ts';
import { GALLERY_SIZES, photoSrcSet } from '../../../shared/listing-photos.ts';
import { LISTING_PAGE_DATA_ID } from '../../../shared/listings.ts';
import type { ApplicationSettings } from '../../../shared/schemas/application-settings.ts';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import { pageQueryKeys } from '../../../shared/ssr.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';
import type { RenderPage } from '../../lib/page-render.ts';
import { getApplicationSettings } from '../applications/application-settings.service.ts';
import { countVisitorView, findPublicListing, getListing } from '../listings/listings.service.ts';
import { addToHead, injectHead, listingHeadTags, NOINDEX_TAGS } from './seo-html.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The listing itself for the page to show at once (`{ listing }`, as `GET /api/listings/{id}`
 * answers a visitor) and, on pages that open with the gallery, a preload of its first photo
 * with the gallery's own `sizes`: the page's largest paint, which otherwise waits for the entry
 * script, the route chunks and an API round trip.
 */
function listingPageData(listing: Listing, preloadGallery: boolean): string {
  const photo = listing.photos[0];
  const preload =
    preloadGallery && photo
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(photo.url)}" imagesrcset="${escapeHtml(photoSrcSet(photo))}" imagesizes="${GALLERY_SIZES}" />\n    `
      : '';
  return `${preload}<script type="application/json" id="${LISTING_PAGE_DATA_ID}">${jsonForScript({ listing })}</script>`;
}

/**
 * Listing pages of the SPA answered with the listing's title, description, Open Graph tags,
 * canonical URL and JSON-LD in the HTML itself, for crawlers and link previews, and with the
 * public listing inlined for the page (see `listingPageData`). Only a public listing is ever
 * written into the page; a draft or unknown id gets the plain shell (404, noindex) and the app
 * asks the API, which shows owners their drafts. Mounted before the SPA fallback; anything
 * that is not a listing id falls through to it.
 */
export function createListingPageRoutes(
  deps: AppDeps,
  indexHtml: (pathname: string) => string | undefined,
  renderPage: RenderPage,
) {
  const {
    database: { db },
    storage,
    env,
  } = deps;
  const viewDeps = { db, events: deps.events, viewSecret: deps.auth.options.secret };
  const handler =
    (preloadGallery: boolean, mobileVariant?: string): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const id = c.req.param('id') ?? '';
      const shell = indexHtml(c.req.path);
      // Not an id (`/listings/create` is a page of its own): the route table decides.
      if (!shell || !UUID.test(id)) return next();
      // docs/spec.md §2: a phone gets the page's mobile variant; the server knows it by the user
      // agent and answers at once (the browser still moves a narrow desktop window).
      if (mobileVariant && MOBILE_USER_AGENT.test(c.req.header('user-agent') ?? '')) {
        const url = new URL(c.req.url);
        return c.redirect(`${c.req.path.replace(/\/$/, '')}${mobileVariant}${url.search}`, 302);
      }
      let listing: Listing | null;
      let settings: ApplicationSettings | null;
      const user = c.get('user');
      const listingId = id.toLowerCase();
      const client = { address: c.var.clientIp, userAgent: c.req.header('user-agent') };
      try {
        // The user's own answers first: the page's live stream starts from before its data.
        await renderPage.viewer(c);
        // At once: what the page shows of applying (none for a listing that is not public).
        [listing, settings] = await Promise.all([
          user
            ? // As the API answers this user (an owner sees a draft); the view is counted there.
              getListing({
                ctx: { ...viewDeps, storage, user },
                input: { listingId, client },
              }).catch((error: unknown) => {
                if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
                throw error;
              })
            : findPublicListing({ ctx: { db, storage }, input: { listingId } }),
          getApplicationSettings({ ctx: { db, user }, input: { listingId } }).then(
            (view) => view.settings,
            () => null,
          ),
        ]);
      } catch (error) {
        // PostgreSQL is down: the page says so (503), as the start-up gate would.
        const down = await renderPage.unavailable(c);
        if (down) return down;
        throw error;
      }
      // Gone or never public: the app shows its not-found page; crawlers drop the URL.
      if (!listing) {
        const notFound = await renderPage.page(c, {
          queries: [{ queryKey: pageQueryKeys.listing(id), data: null }],
          status: 404,
          databaseAnswered: true,
        });
        return notFound ?? c.html(addToHead(shell, NOINDEX_TAGS), 404);
      }
      // The page rendered (decisions 075, 077), with its own head tags (ListingHead). A
      // visitor's view is counted here, as the hydrated page asks the API nothing (a
      // signed-in user's was, by getListing).
      const rendered = await renderPage.page(c, {
        queries: [
          { queryKey: pageQueryKeys.listing(id), data: listing },
          ...(settings
            ? [{ queryKey: pageQueryKeys.applicationSettings(id), data: settings }]
            : []),
        ],
        databaseAnswered: true,
      });
      if (rendered && !user) countVisitorView({ ctx: viewDeps, input: { listingId, client } });
      if (rendered) return rendered;
      // Not rendered: the shell, with the public listing as a visitor sees it for the page to
      // show at once; anything else the app asks the API for.
      const headTags = listingHeadTags(listing, env.BASE_URL);
      if (user) {
        const isPublic = listing.status === 'active';
        return c.html(isPublic ? injectHead(shell, headTags) : addToHead(shell, NOINDEX_TAGS));
      }
      const tags = `${headTags}\n    ${listingPageData(listing, preloadGallery)}`;
      return c.html(injectHead(shell, tags));
    };
  return (
    new Hono<AppEnv>()
      .get('/listings/:id', handler(true, '/mobile'))
      .get('/listings/:id/mobile', handler(true))
      // The printable summary shows a small cover, not the gallery: no preload.
      .get('/simple-listing/:id', handler(false))
  );
}
