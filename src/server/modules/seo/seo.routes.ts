import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { countActiveListings, sitemapEntries } from '../listings/listings.service.ts';

/** Under the protocol's 50,000 URLs per file, with room for the static pages. */
const SITEMAP_PAGE_SIZE = 45_000;
const STATIC_PAGES = ['/', '/search', '/featured', '/about'];

/** Paths that are private or duplicates; crawlers need not fetch them. */
const DISALLOWED = [
  '/api/',
  '/auth/',
  '/chat',
  '/dashboard',
  '/dev/',
  '/landlord/',
  '/listings/create',
  '/profile',
  '/renter/',
  '/saved-listings',
  '/tours',
];

function xml(
  c: { body: (data: string, status: 200, headers: Record<string, string>) => Response },
  body: string,
) {
  return c.body(body, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
  });
}

/** `/robots.txt` and `/sitemap.xml` (a sitemap index once listings outgrow one file). */
export function createSeoRoutes({ database: { db }, env }: AppDeps) {
  const base = env.BASE_URL.replace(/\/$/, '');
  const url = (path: string) => escapeHtml(`${base}${path}`);

  function urlset(entries: { loc: string; lastmod?: Date }[]) {
    const items = entries.map(
      (e) =>
        `  <url><loc>${e.loc}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
  }

  async function listingPage(page: number) {
    const rows = await sitemapEntries({ ctx: { db }, input: { page, size: SITEMAP_PAGE_SIZE } });
    return rows.map((r) => ({ loc: url(`/listings/${r.id}`), lastmod: r.updatedAt }));
  }

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ];
      return c.body(lines.join('\n'), 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      });
    })
    .get('/sitemap.xml', async (c) => {
      const total = await countActiveListings({ ctx: { db } });
      const pages = STATIC_PAGES.map((path) => ({ loc: url(path) }));
      if (total <= SITEMAP_PAGE_SIZE) return xml(c, urlset([...pages, ...(await listingPage(0))]));
      const count = Math.ceil(total / SITEMAP_PAGE_SIZE);
      const files = ['/sitemap-pages.xml'];
      for (let i = 1; i <= count; i += 1) files.push(`/sitemap-listings-${i}.xml`);
      const items = files.map((f) => `  <sitemap><loc>${url(f)}</loc></sitemap>`);
      return xml(
        c,
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`,
      );
    })
    .get('/sitemap-pages.xml', (c) =>
      xml(c, urlset(STATIC_PAGES.map((path) => ({ loc: url(path) })))),
    )
    .get('/:file{sitemap-listings-[0-9]+\\.xml}', async (c) => {
      const page = Number(c.req.param('file').replace(/\D/g, '')) - 1;
      const entries = page >= 0 ? await listingPage(page) : [];
      if (entries.length === 0) throw new AppError('NOT_FOUND');
      return xml(c, urlset(entries));
    });
}
