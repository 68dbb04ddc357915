import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createTestApp } from './test/test-app.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-web-'));
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><title>Stoop</title><div id="root"></div>',
);
fs.writeFileSync(path.join(webRoot, 'assets', 'main-a1b2c3.js'), 'console.log(1)');
fs.writeFileSync(path.join(webRoot, 'assets', 'main-a1b2c3.js.br'), 'brotli-bytes');
fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const { deps } = await createTestApp();
const app = createApp({ ...deps, webRoot });

describe('the built web app', () => {
  it('serves hashed assets with immutable caching', async () => {
    const res = await app.request('/assets/main-a1b2c3.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves the precompressed copy to browsers that accept it', async () => {
    const res = await app.request('/assets/main-a1b2c3.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toBe('brotli-bytes');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the new index.html after a rebuild, without a restart', async () => {
    const indexFile = path.join(webRoot, 'index.html');
    const before = fs.readFileSync(indexFile, 'utf8');
    expect(await (await app.request('/about')).text()).toBe(before);
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(indexFile, before.replace('Stoop', 'Stoop rebuilt'));
    fs.utimesSync(indexFile, later, later);
    expect(await (await app.request('/about')).text()).toContain('Stoop rebuilt');
    fs.writeFileSync(indexFile, before);
  });

  it('falls back to index.html for app routes, never cached, with the CSP', async () => {
    for (const route of ['/', '/listings/42', '/chat/abc?x=1', '/dev/mailbox']) {
      const res = await app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('serves other static files, revalidated', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const res = await app.request('/assets/missing-000.js');
    expect(res.status).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('compression', () => {
  const gzip = { headers: { 'accept-encoding': 'gzip' } };

  it('compresses HTML pages and listing results', async () => {
    const page = await app.request('/search', gzip);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const listings = await app.request('/api/listings?limit=5', gzip);
    expect(listings.status).toBe(200);
    expect(listings.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves small API answers alone', async () => {
    const health = await app.request('/api/health', gzip);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
  });
});

describe('landing pages name their chunks for preloading', () => {
  const builtRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-web-'));
  fs.mkdirSync(path.join(builtRoot, '.vite'));
  fs.writeFileSync(
    path.join(builtRoot, 'index.html'),
    '<!doctype html><html><head><title>Stoop</title></head><body><div id="root"></div></body></html>',
  );
  // The shape of Vite's build manifest: the entry, a page, and a chunk both import. Its keys
  // mean nothing to the server: the page index says which key is which page.
  fs.writeFileSync(
    path.join(builtRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e1.js', imports: ['_react-r1.js'] },
      '_react-r1.js': { file: 'assets/react-r1.js' },
      '_card-c1.js': { file: 'assets/card-c1.js', imports: ['_react-r1.js'] },
      'pages/search.tsx': { file: 'assets/search-s1.js', imports: ['_card-c1.js', '_react-r1.js'] },
      'pages/home.tsx': { file: 'assets/home-h1.js', imports: ['_react-r1.js'] },
      'pages/listing-detail.tsx': { file: 'assets/listing-detail-l1.js', imports: ['_card-c1.js'] },
      'pages/listing-detail-mobile.tsx': {
        file: 'assets/listing-detail-mobile-m1.js',
        imports: ['pages/listing-detail.tsx'],
      },
      'pages/about.tsx': { file: 'assets/about-a1.js' },
      'pages/listing-create.tsx': { file: 'assets/listing-create-n1.js', imports: ['_card-c1.js'] },
      'pages/renter-dashboard.tsx': { file: 'assets/renter-dashboard-d1.js' },
    }),
  );
  // The page index the build writes beside it (vite.config.ts); `about` has no entry here.
  fs.writeFileSync(
    path.join(builtRoot, '.vite', 'pages.json'),
    JSON.stringify({
      search: 'pages/search.tsx',
      home: 'pages/home.tsx',
      'listing-detail': 'pages/listing-detail.tsx',
      'listing-detail-mobile': 'pages/listing-detail-mobile.tsx',
      'listing-create': 'pages/listing-create.tsx',
      'renter-dashboard': 'pages/renter-dashboard.tsx',
    }),
  );
  afterAll(() => fs.rmSync(builtRoot, { recursive: true, force: true }));
  const built = createApp({ ...deps, webRoot: builtRoot });
  const preloads = async (route: string) =>
    [
      ...(await (await built.request(route)).text()).matchAll(
        /modulepreload" crossorigin href="([^"]+)"/g,
      ),
    ].map((m) => m[1]);

  it('preloads the page chunk and its imports, not what the entry already loads', async () => {
    expect(await preloads('/search')).toEqual(['/assets/search-s1.js', '/assets/card-c1.js']);
    expect(await preloads('/search?q=loft')).toEqual([
      '/assets/search-s1.js',
      '/assets/card-c1.js',
    ]);
  });

  it('does so on the home page and server-rendered listing pages too, not on other pages', async () => {
    const unknown = '/listings/00000000-0000-4000-8000-000000000000';
    // A phone replaces /listings/{id} with its /mobile variant at once: both pages' chunks.
    expect(await preloads(unknown)).toEqual([
      '/assets/listing-detail-l1.js',
      '/assets/card-c1.js',
      '/assets/listing-detail-mobile-m1.js',
    ]);
    expect(await preloads(`${unknown}/mobile`)).toEqual([
      '/assets/listing-detail-mobile-m1.js',
      '/assets/listing-detail-l1.js',
      '/assets/card-c1.js',
    ]);
    expect(await preloads('/')).toEqual(['/assets/home-h1.js']); // not the static index.html
    expect((await built.request('/')).headers.get('cache-control')).toBe('no-cache');
    expect(await preloads('/chat')).toEqual([]); // not in this page index
  });

  it('names the chunks of the signed-in screens opened directly (issue 30)', async () => {
    expect(await preloads('/renter/dashboard')).toEqual(['/assets/renter-dashboard-d1.js']);
    // The listing editor, not the listing page its path also looks like.
    expect(await preloads('/listings/create')).toEqual([
      '/assets/listing-create-n1.js',
      '/assets/card-c1.js',
    ]);
    expect(await preloads('/about')).toEqual([]); // not in this page index
  });
});
