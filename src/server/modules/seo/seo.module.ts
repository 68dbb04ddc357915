import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createListingPageRoutes, createSeoRoutes } from './seo.routes.ts';

/** robots.txt, the sitemaps, and listing pages served with their own head tags. */
export function seoModule(deps: AppDeps): AppModule {
  return {
    site: [{ path: '/', routes: createSeoRoutes(deps) }],
    shellPages: (indexHtml) => createListingPageRoutes(deps, indexHtml),
  };
}
