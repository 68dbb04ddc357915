import type { Hono, MiddlewareHandler } from 'hono';
import type { ServerQuery } from '../../shared/ssr.ts';
import type { AppEnv } from '../app-env.ts';
import { jsonBodyLimit } from './http.ts';
import type { ApiOperation } from './openapi.ts';
import type { RenderPage } from './page-render.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A router a module mounts under /api. */
export type ApiRouter = {
  /** Where under /api: '/listings', or with parameters ('/listings/:id/photos'). */
  path: string;
  routes: Hono<AppEnv>;
  /**
   * How much body the router reads, for requests to `path` and below (only `methods`, when
   * given): the JSON limit (1 MB) unless it says otherwise (photo uploads; a webhook's raw
   * body). The first limit to match a request decides, so a narrower router comes first.
   */
  bodyLimit?: {
    limit: MiddlewareHandler<AppEnv>;
    methods?: Method[];
    /**
     * Checks that answer before the body is read (who may upload: a signed-out or wrong-role
     * request is refused unread, never buffered). The session is loaded first for them.
     */
    beforeBody?: MiddlewareHandler<AppEnv>;
  };
  /** Answers before the session is loaded (health, signing in): no user is needed. */
  beforeSession?: boolean;
};

/** Routes outside /api (uploaded media, robots.txt), mounted before the web app. */
export type SiteRouter = { path: string; routes: Hono<AppEnv> };

/** What a module plugs into the app (docs/architecture.md §7); app.ts composes a list of these. */
export type AppModule = {
  api?: ApiRouter[];
  /** Its operations in /api/openapi.json; a test fails when a mounted route has none. */
  openApi?: ApiOperation[];
  site?: SiteRouter[];
  /** Web app pages the server answers itself, with the shell, before the SPA fallback. */
  shellPages?: (
    indexHtml: (pathname: string) => string | undefined,
    renderPage: RenderPage,
  ) => Hono<AppEnv>;
  /**
   * What every page rendered for a signed-in user carries from this module, as its API answers
   * them (messaging: the navigation bar's unread badge). Decision 077.
   */
  viewerQueries?: (user: SignedInUser) => Promise<ServerQuery[]>;
};

type SignedInUser = NonNullable<AppEnv['Variables']['user']>;

/** Every module's `viewerQueries` for `user`, read together. */
export async function viewerQueries(
  modules: readonly AppModule[],
  user: SignedInUser,
): Promise<ServerQuery[]> {
  const answers = await Promise.all(modules.map((module) => module.viewerQueries?.(user) ?? []));
  return answers.flat();
}

/**
 * Mounts the modules' API routers in order. Every body is read to its router's limit (or
 * refused) before anything else runs, so an early answer (a 401, a 404) never leaves an upload
 * half-sent, which the client would see as a connection reset. The exception is a router's
 * `beforeBody` checks (uploads): a signed-out upload is answered before its body is read, and
 * @hono/node-server then drains the rest unbuffered (up to 64 MB or half a second) so the
 * client still reads the answer.
 */
export function mountApi(
  api: Hono<AppEnv>,
  modules: readonly AppModule[],
  loadSession: MiddlewareHandler<AppEnv>,
) {
  // Once a request: a router's `beforeBody` checks may have loaded it already. (`c.get`: hono's
  // `c.var` copies every variable into a new object on each read.)
  const loadSessionOnce: MiddlewareHandler<AppEnv> = (c, next) =>
    c.get('user') === undefined ? loadSession(c, next) : next();
  const routers = modules.flatMap((module) => module.api ?? []);
  for (const router of routers) {
    const { limit, methods, beforeBody } = router.bodyLimit ?? { limit: jsonBodyLimit };
    const read: MiddlewareHandler<AppEnv> = beforeBody
      ? (c, next) =>
          loadSessionOnce(c, async () => {
            const refused = await beforeBody(c, async () => {
              await limit(c, next);
            });
            if (refused) c.res = refused;
          })
      : limit;
    // `/x/*` matches `/x` too.
    if (methods) api.on(methods, `${router.path}/*`, read);
    else api.use(`${router.path}/*`, read);
  }
  // Any other path (the OpenAPI document, the 404) reads JSON's limit.
  api.use(jsonBodyLimit);
  for (const router of routers) if (router.beforeSession) api.route(router.path, router.routes);
  api.use(loadSessionOnce);
  for (const router of routers) if (!router.beforeSession) api.route(router.path, router.routes);
}

export function mountSite(app: Hono<AppEnv>, modules: readonly AppModule[]) {
  for (const module of modules) {
    for (const router of module.site ?? []) app.route(router.path, router.routes);
  }
}

/** The modules' shell pages, for the web app to mount before its fallback. */
export function shellPages(modules: readonly AppModule[]) {
  return (
    web: Hono<AppEnv>,
    indexHtml: (pathname: string) => string | undefined,
    renderPage: RenderPage,
  ) => {
    for (const module of modules)
      if (module.shellPages) web.route('/', module.shellPages(indexHtml, renderPage));
  };
}
