/**
 * `<link rel="modulepreload">` tags for the page a request lands on. Every page of the SPA is
 * its own chunk, fetched only once the entry has run and the router has matched the URL: a
 * round trip after the entry on a phone, before the page can paint. Named in the HTML, the
 * page's chunks download beside the entry instead. Read from Vite's build manifest
 * (`build.manifest` in vite.config.ts); without one, nothing is added.
 */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The pages people arrive on from outside (search engines, shared links, the home page), by
 * URL, and their route modules in src/web/app/router.tsx. Others load as before.
 */
const LANDING_PAGES: ReadonlyArray<[RegExp, string]> = [
  [/^\/$/, 'src/web/app/routes/home.tsx'],
  [/^\/search\/?$/, 'src/web/app/routes/search.tsx'],
  [/^\/featured\/?$/, 'src/web/app/routes/featured.tsx'],
  [/^\/about\/?$/, 'src/web/app/routes/about.tsx'],
  [/^\/listings\/[^/]+\/?$/, 'src/web/app/routes/listing-detail.tsx'],
  [/^\/listings\/[^/]+\/mobile\/?$/, 'src/web/app/routes/listing-detail-mobile.tsx'],
  [/^\/simple-listing\/[^/]+\/?$/, 'src/web/app/routes/simple-listing.tsx'],
  [/^\/(login|signin)\/?$/, 'src/web/app/routes/sign-in.tsx'],
];

export const LANDING_PAGE_MODULES = LANDING_PAGES.map(([, module]) => module);

/** A chunk and every chunk it imports statically. */
function closure(manifest: ViteManifest, key: string, files = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) closure(manifest, imported, files);
  return files;
}

/** Tags for a URL path: its page's chunks that the entry does not already load. */
export function routePreloads(manifest: ViteManifest | undefined): (pathname: string) => string {
  if (!manifest) return () => '';
  const entry = closure(manifest, 'index.html');
  const tags = new Map<string, string>();
  for (const [, module] of LANDING_PAGES) {
    const files = [...closure(manifest, module)].filter((file) => !entry.has(file));
    tags.set(
      module,
      files
        .filter((file) => file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
        .join(''),
    );
  }
  return (pathname) => {
    const page = LANDING_PAGES.find(([pattern]) => pattern.test(pathname));
    return page ? (tags.get(page[1]) ?? '') : '';
  };
}
