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
 * `/listings/{id}` names its phone variant too: on a phone the page replaces itself with
 * `/listings/{id}/mobile` as soon as it runs, and that chunk would be one more round trip
 * before the page (and its cover photo, the largest paint) can render. It is a few hundred
 * bytes that import the desktop page.
 */
const LANDING_PAGES: ReadonlyArray<[RegExp, ...string[]]> = [
  [/^\/$/, 'src/web/app/routes/home.tsx'],
  [/^\/search\/?$/, 'src/web/app/routes/search.tsx'],
  [/^\/featured\/?$/, 'src/web/app/routes/featured.tsx'],
  [/^\/about\/?$/, 'src/web/app/routes/about.tsx'],
  [
    /^\/listings\/[^/]+\/?$/,
    'src/web/app/routes/listing-detail.tsx',
    'src/web/app/routes/listing-detail-mobile.tsx',
  ],
  [/^\/listings\/[^/]+\/mobile\/?$/, 'src/web/app/routes/listing-detail-mobile.tsx'],
  [/^\/simple-listing\/[^/]+\/?$/, 'src/web/app/routes/simple-listing.tsx'],
  [/^\/(login|signin)\/?$/, 'src/web/app/routes/sign-in.tsx'],
];

export const LANDING_PAGE_MODULES = [
  ...new Set(LANDING_PAGES.flatMap(([, ...modules]) => modules)),
];

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
  const tags = LANDING_PAGES.map(([pattern, ...modules]) => {
    const files = new Set<string>();
    for (const module of modules) closure(manifest, module, files);
    const html = [...files]
      .filter((file) => !entry.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
      .join('');
    return [pattern, html] as const;
  });
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
}
