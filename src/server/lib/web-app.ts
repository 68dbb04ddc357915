import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import { PAGE_INDEX_FILE, type PageIndex } from '../../shared/landing-pages.ts';
import { landlordConfinementTarget } from '../../shared/landlord-confinement.ts';
import type { ServerQuery } from '../../shared/ssr.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';
import type { Logger } from './logger.ts';
import {
  createRenderPage,
  pageRendererLoader,
  type RenderPage,
  type RenderPageOptions,
} from './page-render.ts';
import { routePreloads, type ViteManifest, type WebBuild } from './route-preloads.ts';

/** Any segment starting with a dot, also percent-encoded (serveStatic decodes the path). */
function isDotPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return /(^|\/)(\.|%2e)/i.test(pathname);
  }
  return decoded.split('/').some((segment) => segment.startsWith('.'));
}

/** An address of a page, not of a file of the build (`/sw.js`, `/favicon.svg`, `/assets/…`). */
function isPagePath(pathname: string): boolean {
  return !pathname.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(pathname);
}

/**
 * A built stylesheet's text by its address (`/assets/index-….css`), read once: its name changes
 * with its content, so what was read stays true. Undefined for anything else.
 */
function builtStylesheet(webRoot: string): (href: string) => string | undefined {
  const read = new Map<string, string | undefined>();
  return (href) => {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
    if (!read.has(href)) {
      const file = path.join(webRoot, href);
      read.set(href, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
    }
    return read.get(href);
  };
}

/** Vite's manifest and the page index beside it; undefined when the build lacks either. */
function readWebBuild(webRoot: string): WebBuild | undefined {
  const read = <T>(file: string): T | undefined => {
    const full = path.join(webRoot, file);
    return fs.existsSync(full) ? (JSON.parse(fs.readFileSync(full, 'utf8')) as T) : undefined;
  };
  const manifest = read<ViteManifest>(path.join('.vite', 'manifest.json'));
  const pages = read<PageIndex>(PAGE_INDEX_FILE);
  return manifest && pages ? { manifest, pages } : undefined;
}

/** The built SPA: hashed assets cached for a year, every other path falls back to index.html. */
export function mountWebApp(
  app: Hono<AppEnv>,
  webRoot: string,
  /** Routes that answer some app paths themselves (with the shell) before the fallback. */
  beforeFallback?: (
    app: Hono<AppEnv>,
    indexHtml: (pathname: string) => string | undefined,
    renderPage: RenderPage,
  ) => void,
  /** Answers every server-rendered page carries (decision 075), and whether PostgreSQL is up. */
  pages: {
    sharedQueries?: () => ServerQuery[];
    databaseUp?: () => Promise<boolean>;
    logger?: Logger;
    /** Resolves the session cookie into `c.var.user` for a page (as for the API). */
    loadSession?: MiddlewareHandler<AppEnv>;
    viewerAnswers?: RenderPageOptions['viewerAnswers'];
  } = {},
) {
  const indexFile = path.join(webRoot, 'index.html');
  const cacheFor = (value: string): MiddlewareHandler<AppEnv> => {
    return async (c, next) => {
      await next();
      // A page that set its own (a server-rendered one is private) keeps it.
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.res.headers.set('Cache-Control', value);
      }
    };
  };
  // Dotfiles (.vite/, which the server reads itself below) are not for the public.
  app.use('*', async (c, next) => {
    if (isDotPath(c.req.path)) throw new AppError('NOT_FOUND');
    await next();
  });
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'));
  app.use('/assets/*', serveStatic({ root: webRoot, precompressed: true }));
  // A missing hashed asset is a 404, never the app shell (which would be parsed as script).
  app.get('/assets/*', () => {
    throw new AppError('NOT_FOUND');
  });
  // Cached, but re-read when a rebuild replaces it (its asset names change with every build),
  // with the build's manifest and page index that name each page's chunks.
  let cached: { mtimeMs: number; html: string; preloads: (pathname: string) => string } | undefined;
  const readIndex = (pathname: string) => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = {
        mtimeMs: stat.mtimeMs,
        html: fs.readFileSync(indexFile, 'utf8'),
        preloads: routePreloads(readWebBuild(webRoot)),
      };
    }
    const tags = cached.preloads(pathname);
    if (!tags) return cached.html;
    // Beside the entry script, which they are the imports of.
    const entry = cached.html.indexOf('<script type="module"');
    return entry < 0
      ? cached.html.replace('</head>', () => `${tags}</head>`)
      : `${cached.html.slice(0, entry)}${tags}${cached.html.slice(entry)}`;
  };
  const renderPage = createRenderPage({
    loadRenderer: pageRendererLoader(webRoot, (err, file) =>
      pages.logger?.error(
        { err, file },
        'the server-rendering entry did not load: serving the shell',
      ),
    ),
    indexHtml: readIndex,
    ...(pages.sharedQueries ? { sharedQueries: pages.sharedQueries } : {}),
    ...(pages.viewerAnswers ? { viewerAnswers: pages.viewerAnswers } : {}),
    ...(pages.databaseUp ? { databaseUp: pages.databaseUp } : {}),
    stylesheet: builtStylesheet(webRoot),
  });
  // The pages the route table marks are rendered here (decision 075); the rest get the shell.
  const shell: Handler<AppEnv> = async (c) => {
    const rendered = await renderPage.page(c);
    if (rendered) return rendered;
    const html = readIndex(c.req.path);
    if (html === undefined) throw new AppError('NOT_FOUND');
    return c.html(html);
  };
  app.use('*', cacheFor('no-cache'));
  // Who asks, for every page (not the files beside them): a page may be rendered for them, and
  // a landlord is kept to the landlord's part of the app by the server (docs/spec.md §6).
  app.on(['GET', 'HEAD'], '*', (c, next) => {
    if (!isPagePath(c.req.path) || !c.req.header('cookie')?.includes('session_token')) {
      c.set('user', null);
      return next();
    }
    const confine = async () => {
      const target =
        c.get('user')?.userType === 'landlord' ? landlordConfinementTarget(c.req.path) : null;
      if (target === null) return next();
      c.header('Cache-Control', 'private, no-store');
      c.res = c.redirect(target, 302);
    };
    return pages.loadSession ? pages.loadSession(c, confine) : next();
  });
  // The modules' pages first: the home page among them (rendered with its listings).
  beforeFallback?.(app, readIndex, renderPage);
  // The home page is the shell too (with its preloads), not the static index.html.
  app.get('/', shell);
  app.use('*', serveStatic({ root: webRoot, precompressed: true }));
  app.get('*', shell);
}
