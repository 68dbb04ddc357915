import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { PageRenderer, RenderResult } from '../../shared/ssr.ts';
import { SSR_STATE_ID } from '../../shared/ssr.ts';
import type { AppEnv } from '../app-env.ts';
import type { Logger } from './logger.ts';
import { createRenderPage, pageIntoShell, pageRendererLoader } from './page-render.ts';

/** The built index.html's parts the server changes, as Vite writes them. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Stoop: no-fee apartment rentals in New York." />
    <link rel="preload" href="/api/health" as="fetch" crossorigin="anonymous" />
    <link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" />
    <title>Stoop · No-fee apartments in New York</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" media="print" fetchpriority="high" data-app-styles crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root">
      <div class="startup-screen" role="status"><p>Connecting to database...</p></div>
    </div>
  </body>
</html>`;

const PAGE = {
  html: '<title>About Us · Stoop</title><meta name="description" content="About."/><main><h1>About Stoop</h1></main>',
  state: { queries: { queries: [{ data: { text: '</script><script>alert(1)</script><!--' } }] } },
};

describe('pageIntoShell', () => {
  const html = pageIntoShell(SHELL, PAGE);

  it('puts the page in #root in place of the start-up screen', () => {
    expect(html).toContain('<div id="root"><main><h1>About Stoop</h1></main></div>');
    expect(html).not.toContain('Connecting to database...');
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it("moves React's title and meta into the head, replacing the shell's", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>About Us · Stoop</title>');
    expect(head).toContain('<meta name="description" content="About."/>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('no-fee apartment rentals in New York.');
  });

  it('applies the stylesheet before the first paint and drops the start-up preloads', () => {
    expect(html).toContain('<link rel="stylesheet" fetchpriority="high" data-app-styles');
    expect(html).not.toContain('media="print"');
    expect(html).not.toContain('href="/api/health"');
    expect(html).not.toContain('href="/api/session"');
  });

  it('puts the scripts and their preloads after the page, in their order', () => {
    const shell = SHELL.replace(
      '<script type="module"',
      '<link rel="modulepreload" crossorigin href="/assets/about-x.js" />\n    <script type="module"',
    );
    const html = pageIntoShell(shell, PAGE);
    const root = html.indexOf('<div id="root">');
    const preload = html.indexOf('<link rel="modulepreload"');
    const script = html.indexOf('<script type="module"');
    expect(root).toBeGreaterThan(0);
    expect(preload).toBeGreaterThan(html.indexOf('<h1>About Stoop</h1>'));
    expect(script).toBeGreaterThan(preload);
    expect(script).toBeLessThan(html.indexOf('</body>'));
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
  });

  it('inlines the app stylesheet when its text is at hand, so the first paint waits for nothing', () => {
    const inlined = pageIntoShell(SHELL, PAGE, undefined, (href) =>
      href === '/assets/index-abc.css' ? 'main{color:red}</style><p>' : undefined,
    );
    expect(inlined).toContain('<style data-app-styles>main{color:red}<\\/style><p></style>');
    expect(inlined).not.toContain('rel="stylesheet"');
    // The stylesheet never breaks out of its element.
    expect(inlined.match(/<\/style>/g)).toHaveLength(1);
  });

  it('carries the state as JSON data that no text inside can end or comment out', () => {
    const match = new RegExp(
      `<script type="application/json" id="${SSR_STATE_ID}">([^<]*)</script>`,
    ).exec(html);
    expect(match?.[1]).toBeDefined();
    expect(JSON.parse(match?.[1] ?? '')).toEqual(PAGE.state);
    // The only scripts: the entry module and the data.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toContain('<!--"');
  });

  it("keeps a caller's head tags in place of React's title", () => {
    const withTags = pageIntoShell(SHELL, PAGE, '<title>Listing · Stoop</title>');
    expect(withTags.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Listing · Stoop</title>']);
  });
});

describe('pageRendererLoader', () => {
  it('says why a renderer that cannot load failed, and leaves the pages to the shell', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-renderer-'));
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    // Its packages are not beside it: the import fails as a moved build's would.
    fs.writeFileSync(
      path.join(root, 'dist-ssr', 'entry-server.js'),
      "import 'no-such-package-stoop';\n",
    );
    const failures: string[] = [];
    const load = pageRendererLoader(path.join(root, 'dist'), (_error, file) => failures.push(file));
    expect(await load()).toBeUndefined();
    expect(await load()).toBeUndefined();
    expect(failures).toEqual([path.join(root, 'dist-ssr', 'entry-server.js')]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('createRenderPage', () => {
  const logger = { error: vi.fn() } as unknown as Logger;

  const RENTER = {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'renter@example.com',
    name: 'Rita Renter',
    userType: 'renter' as const,
  };

  function appWith(result: RenderResult | Error, databaseUp = true) {
    const renderPage = vi.fn<PageRenderer['renderPage']>(async () => {
      if (result instanceof Error) throw result;
      return result;
    });
    const renderDatabaseError = async () =>
      '<title>Database Connection Error · Stoop</title><main><h1>Database Connection Error</h1></main>';
    const viewerAnswers = vi.fn(async () => ({
      liveEventId: 41,
      queries: [{ queryKey: ['messaging', 'unread-count', RENTER.id], data: { total: 3 } }],
    }));
    const render = createRenderPage({
      loadRenderer: async () => ({
        renderPage,
        renderDatabaseError,
        rendersPath: (pathname) => pathname !== '/dashboard',
      }),
      indexHtml: () => SHELL,
      viewerAnswers,
      databaseUp: async () => databaseUp,
    });
    const app = new Hono<AppEnv>()
      .use((c, next) => {
        c.set('logger', logger);
        // The session as the web app's middleware loads it: here, a header names the user.
        c.set('user', c.req.header('x-test-user') === 'renter' ? { ...RENTER } : null);
        return next();
      })
      .get('/unavailable', async (c) => (await render.unavailable(c)) ?? c.text('up'))
      .get('*', async (c) => (await render.page(c)) ?? c.text('shell'));
    return { app, renderPage, viewerAnswers };
  }

  const page: RenderResult = { kind: 'page', status: 200, html: PAGE.html, state: {} };

  it('renders for a visitor, privately', async () => {
    const { app } = appWith(page);
    const res = await app.request('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.text()).toContain('<h1>About Stoop</h1>');
  });

  it("renders for a signed-in user with their own answers, where their live stream starts, and never from another's page", async () => {
    const { app, renderPage, viewerAnswers } = appWith(page);
    await app.request('/about');
    const res = await app.request('/about', { headers: { 'x-test-user': 'renter' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    // Rendered again for them: the visitor's page, kept for other visitors, is not theirs.
    expect(renderPage).toHaveBeenCalledTimes(2);
    const queries = renderPage.mock.calls[1]?.[1] ?? [];
    expect(queries).toContainEqual({ queryKey: ['me'], data: RENTER });
    expect(queries).toContainEqual({
      queryKey: ['messaging', 'unread-count', RENTER.id],
      data: { total: 3 },
    });
    expect(renderPage.mock.calls[0]?.[1]).toContainEqual({ queryKey: ['me'], data: null });
    const html = await res.text();
    const state = JSON.parse(
      html.slice(
        html.indexOf('>', html.indexOf(SSR_STATE_ID)) + 1,
        html.indexOf('</script>', html.indexOf(SSR_STATE_ID)),
      ),
    ) as { live?: unknown };
    expect(state.live).toEqual({ userId: RENTER.id, eventId: 41 });
    // Their next page is theirs too: never the one just rendered for them.
    await app.request('/about', { headers: { 'x-test-user': 'renter' } });
    expect(renderPage).toHaveBeenCalledTimes(3);
    expect(viewerAnswers).toHaveBeenCalledTimes(2);
    // And a visitor after them gets the visitor's page, not theirs.
    expect(await (await app.request('/about')).text()).not.toContain('"live"');
    expect(renderPage).toHaveBeenCalledTimes(3);
  });

  it("answers the route table's redirects and its not-found status", async () => {
    const redirect = await appWith({ kind: 'redirect', status: 302, location: '/x' }).app.request(
      '/',
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('/x');
    const missing = await appWith({ ...page, status: 404 }).app.request('/nope');
    expect(missing.status).toBe(404);
  });

  it('falls back to the shell when rendering fails, and logs why', async () => {
    const res = await appWith(new Error('boom')).app.request('/about');
    expect(await res.text()).toBe('shell');
    expect(logger.error).toHaveBeenCalled();
  });

  it("answers 503 with the 'Database Connection Error' screen while PostgreSQL is down", async () => {
    const res = await appWith(page, false).app.request('/about');
    expect(res.status).toBe(503);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<h1>Database Connection Error</h1>');
    // Not hydrated: the app starts afresh under it and asks for its health itself.
    expect(html).not.toContain(SSR_STATE_ID);
    expect((await appWith(page, false).app.request('/unavailable')).status).toBe(503);
    expect(await (await appWith(page, true).app.request('/unavailable')).text()).toBe('up');
  });

  it('renders a page once for the same address and answers, again when an answer changed', async () => {
    const { app, renderPage } = appWith(page);
    await app.request('/about');
    await app.request('/about');
    expect(renderPage).toHaveBeenCalledTimes(1);
    await app.request('/about?x=1');
    expect(renderPage).toHaveBeenCalledTimes(2);
  });

  it('gives the shell for screens rendered in the browser, without asking who is signed in', async () => {
    const { app, renderPage, viewerAnswers } = appWith(page);
    const res = await app.request('/dashboard', { headers: { 'x-test-user': 'renter' } });
    expect(await res.text()).toBe('shell');
    expect(renderPage).not.toHaveBeenCalled();
    expect(viewerAnswers).not.toHaveBeenCalled();
    expect(await (await appWith({ kind: 'shell' }).app.request('/about')).text()).toBe('shell');
  });
});
