import { LANDING_PAGES, type PageIndex } from '../../shared/landing-pages.ts';

/**
 * `<link rel="modulepreload">` tags for the page a request lands on. Every page of the SPA is
 * its own chunk, fetched only once the entry has run and the router has matched the URL: a
 * round trip after the entry on a phone, before the page can paint. Named in the HTML, the
 * page's chunks download beside the entry instead. Which URL loads which page is the shared
 * table (LANDING_PAGES); which chunks a page is comes from the build: its page index names the
 * page's key in Vite's manifest (`build.manifest` in vite.config.ts). Without them, nothing is
 * added.
 */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

export type WebBuild = { manifest: ViteManifest; pages: PageIndex };

/** A chunk and every chunk it imports statically. */
function closure(manifest: ViteManifest, key: string, files = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) closure(manifest, imported, files);
  return files;
}

/** Tags for a URL path: its page's chunks that the entry does not already load. */
export function routePreloads(build: WebBuild | undefined): (pathname: string) => string {
  if (!build) return () => '';
  const { manifest, pages } = build;
  const entry = closure(manifest, 'index.html');
  const tags = LANDING_PAGES.map(({ pattern, pages: landing }) => {
    const files = new Set<string>();
    for (const page of landing) {
      const key = pages[page];
      if (key) closure(manifest, key, files);
    }
    const html = [...files]
      .filter((file) => !entry.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
      .join('');
    return [pattern, html] as const;
  });
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
}
