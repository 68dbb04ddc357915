import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createListingPageRoutes } from './listing-page.ts';
import { createSeoRoutes } from './seo.routes.ts';

/**
 * robots.txt, the sitemaps, and listing pages served with their own head tags and the public
 * listing inlined.
 */
export function seoModule(deps: AppDeps): AppModule {
  return {
    site: [{ path: '/', routes: createSeoRoutes(deps) }],
    shellPages: (indexHtml, renderPage) => createListingPageRoutes(deps, indexHtml, renderPage),
  };
}
