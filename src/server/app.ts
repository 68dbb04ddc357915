import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { pageQueryKeys } from '../shared/ssr.ts';
import type { AppDeps } from './app-deps.ts';
import type { AppEnv } from './app-env.ts';
import { loadSession, type ResolvedSession, sessionResolver } from './auth/session.ts';
import { SessionCache } from './auth/session-cache.ts';
import { syncAfterWrites } from './lib/after-write.ts';
import { AppError } from './lib/app-error.ts';
import { handleError } from './lib/http.ts';
import { type AppModule, mountApi, mountSite, shellPages, viewerQueries } from './lib/module.ts';
import { privateByDefault } from './lib/no-store.ts';
import { buildOpenApiDocument } from './lib/openapi.ts';
import { originCheck } from './lib/origin-check.ts';
import { requestLog } from './lib/request-log.ts';
import { CachedRouter } from './lib/route-cache.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { mountWebApp } from './lib/web-app.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { alertsModule } from './modules/alerts/alerts.module.ts';
import { applicationsModule } from './modules/applications/applications.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { billingModule } from './modules/billing/billing.module.ts';
import { planLimits } from './modules/billing/plan-limits.service.ts';
import { configModule } from './modules/config/config.module.ts';
import { publicConfig } from './modules/config/config.service.ts';
import { dashboardsModule } from './modules/dashboards/dashboards.module.ts';
import { eventsModule } from './modules/events/events.module.ts';
import { liveEventPosition } from './modules/events/events.service.ts';
import { healthModule } from './modules/health/health.module.ts';
import { landlordProfileModule } from './modules/landlord-profile/landlord-profile.module.ts';
import { listingsModule } from './modules/listings/listings.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { mediaModule } from './modules/media/media.module.ts';
import { messagingModule } from './modules/messaging/messaging.module.ts';
import { notesModule } from './modules/notes/notes.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { savedListingsModule } from './modules/saved-listings/saved-listings.module.ts';
import { seoModule } from './modules/seo/seo.module.ts';
import { toursModule } from './modules/tours/tours.module.ts';
import { usersModule } from './modules/users/users.module.ts';

export const API_VERSION = '0.1.0';

/** Allowed origins for state-changing requests besides the request's own host. */
export function trustedOrigins(deps: Pick<AppDeps, 'env'>): string[] {
  const extra = deps.env.TRUSTED_ORIGINS?.split(',').map((o) => o.trim()) ?? [];
  return [new URL(deps.env.BASE_URL).origin, ...extra.filter(Boolean)];
}

/** Every module, in mounting order (docs/architecture.md §7: a module plugs in here). */
function appModules(deps: AppDeps): AppModule[] {
  return [
    healthModule(deps),
    configModule(deps),
    authModule(deps),
    usersModule(deps),
    mailModule(deps),
    // Publishing reads the plan through billing's answer: listings never imports billing.
    listingsModule(deps, { planLimits }),
    savedListingsModule(deps),
    messagingModule(deps),
    toursModule(deps),
    billingModule(deps),
    notesModule(deps),
    applicationsModule(deps),
    alertsModule(deps),
    dashboardsModule(deps),
    landlordProfileModule(deps),
    reportsModule(deps),
    adminModule(deps),
    eventsModule(deps),
    mediaModule(deps),
    seoModule(deps),
  ];
}

export function createApp(deps: AppDeps) {
  const modules = appModules(deps);
  // Hono's router with its matches kept (decision 060): the /api routes go through it whole.
  const app = new Hono<AppEnv>({ router: new CachedRouter() });
  app.onError(handleError);
  app.use(requestId());
  app.use(requestLog(deps.logger, deps.env.TRUST_PROXY));
  if (deps.env.EXPOSE_PID_HEADER) {
    // Tests only (refused in production): which process of a cluster answered.
    app.use(async (c, next) => {
      await next();
      try {
        c.res.headers.set('X-Stoop-Pid', String(process.pid));
      } catch {
        // A response with immutable headers (a fetch() passed through): copy it first.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set('X-Stoop-Pid', String(process.pid));
      }
    });
  }
  // HTML pages and listing results are worth compressing. Most API answers are tiny JSON that
  // c.json() sends without a length, so compress() would stream each one through gzip: skip them.
  // Built assets are served precompressed (.br/.gz) instead.
  const compressResponse = compress();
  app.use((c, next) => {
    if (isSmallJsonApi(c.req.path)) return next();
    if (c.req.header('accept-encoding')) return compressResponse(c, next);
    // Nothing to compress for this client. Vary is set before the answer exists: set after,
    // Hono turns the finished answer into a stream, which costs more than the search itself.
    c.header('Vary', 'Accept-Encoding');
    return next();
  });
  app.use(securityHeaders(deps));

  const api = new Hono<AppEnv>();
  // Every /api answer is private (no-store) unless its route declares public caching (issue 26);
  // first, so refusals (origin, body limit, 404) are covered too.
  api.use(privateByDefault);
  api.use(
    originCheck(trustedOrigins(deps), new URL(deps.env.BASE_URL).protocol, {
      // RFC 8058 one-click unsubscribe: a mail provider posts from anywhere, with no cookie;
      // the signed token alone decides, so there is nothing for a forged request to ride on.
      exempt: ['/api/alerts/unsubscribe'],
    }),
  );
  const sessions = new SessionCache<ResolvedSession>(deps.events);
  // A write may end or change sessions (sign-out, a new password, a suspension): their notices
  // are handled before it answers, so its author's next request sees it. The same round trip
  // serves the routes that asked for their own notices (tours' slots).
  api.use(syncAfterWrites(deps.events, () => sessions.enabled));
  const session = loadSession(sessionResolver(deps.auth, deps.database.db, sessions));
  mountApi(api, modules, session);
  // Built on first request: it was 94% of createApp's time, paid by every start and test file.
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  api.get('/openapi.json', (c) => {
    openApi ??= buildOpenApiDocument(
      modules.flatMap((module) => module.openApi ?? []),
      API_VERSION,
    );
    return c.json(openApi);
  });
  api.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  app.route('/api', api);

  mountSite(app, modules);
  if (deps.webRoot) {
    const config = {
      queryKey: pageQueryKeys.publicConfig,
      data: publicConfig({ ctx: { env: deps.env } }),
    };
    mountWebApp(app, deps.webRoot, shellPages(modules), {
      sharedQueries: () => [config],
      databaseUp: () => deps.database.ping(),
      logger: deps.logger,
      loadSession: session,
      viewerAnswers: async (user) => {
        // First: the page's live stream starts here, so nothing read after it can be missed.
        const liveEventId = await liveEventPosition(deps.database.db, user.id);
        return { liveEventId, queries: await viewerQueries(modules, user) };
      },
    });
  }
  return app;
}

function isSmallJsonApi(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/listings');
}
