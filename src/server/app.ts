import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Handler, Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  MeResponseSchema,
  ResetPasswordSchema,
  SessionResponseSchema,
  SignInSchema,
  SignUpSchema,
} from '../shared/schemas/auth.ts';
import { HealthResponseSchema } from '../shared/schemas/health.ts';
import { MailboxResponseSchema } from '../shared/schemas/mail.ts';
import { UpdateMeSchema } from '../shared/schemas/users.ts';
import type { AppDeps } from './app-deps.ts';
import type { AppEnv } from './app-env.ts';
import { loadSession } from './auth/session.ts';
import { AppError } from './lib/app-error.ts';
import { handleError, limitBody } from './lib/http.ts';
import { buildOpenApiDocument } from './lib/openapi.ts';
import { originCheck } from './lib/origin-check.ts';
import { requestLog } from './lib/request-log.ts';
import { routePreloads, type ViteManifest } from './lib/route-preloads.ts';
import { mediaOrigins } from './lib/storage.ts';
import { createAuthRoutes } from './modules/auth/auth.routes.ts';
import { createEventsRoutes } from './modules/events/events.routes.ts';
import { createHealthRoutes } from './modules/health/health.routes.ts';
import { listingsApiOperations } from './modules/listings/listings.openapi.ts';
import {
  createLandlordListingsRoutes,
  createListingsRoutes,
  createNeighborhoodsRoutes,
  PHOTO_UPLOAD_PATH,
  photoBodyLimit,
} from './modules/listings/listings.routes.ts';
import { createDevMailboxRoutes } from './modules/mail/mail.routes.ts';
import { createMediaRoutes } from './modules/media/media.routes.ts';
import { messagingApiOperations } from './modules/messaging/messaging.openapi.ts';
import {
  createConversationsRoutes,
  createMessagesRoutes,
} from './modules/messaging/messaging.routes.ts';
import { createSavedListingsRoutes } from './modules/saved-listings/saved-listings.routes.ts';
import { createListingPageRoutes, createSeoRoutes } from './modules/seo/seo.routes.ts';
import { createSessionRoutes, createUsersRoutes } from './modules/users/users.routes.ts';

export const API_VERSION = '0.1.0';

/** Allowed origins for state-changing requests besides the request's own host. */
export function trustedOrigins(deps: Pick<AppDeps, 'env'>): string[] {
  const extra = deps.env.TRUSTED_ORIGINS?.split(',').map((o) => o.trim()) ?? [];
  return [new URL(deps.env.BASE_URL).origin, ...extra.filter(Boolean)];
}

function contentSecurityPolicy(deps: AppDeps) {
  // The chatbot's host is allowed only when it is configured (ARCHITECTURE §9).
  const chatbot = deps.env.BOTPRESS_CLIENT_ID
    ? ['https://cdn.botpress.cloud', 'https://files.bpcontent.cloud']
    : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chatbot],
    styleSrc: ["'self'", "'unsafe-inline'", ...chatbot],
    // Photos from a bucket's public URL (S3_PUBLIC_URL) when media is served from there.
    imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins(deps.env), ...chatbot],
    connectSrc: ["'self'", ...chatbot],
    fontSrc: ["'self'", 'data:'],
    frameSrc: chatbot.length ? chatbot : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const secure = deps.env.BASE_URL.startsWith('https://');

  app.onError(handleError);
  app.use(requestId());
  app.use(requestLog(deps.logger));
  // HTML pages and listing results are worth compressing. Most API answers are tiny JSON that
  // c.json() sends without a length, so compress() would stream each one through gzip: skip them.
  // Built assets are served precompressed (.br/.gz) instead.
  const compressResponse = compress();
  app.use((c, next) => (isSmallJsonApi(c.req.path) ? next() : compressResponse(c, next)));
  const headers = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: secure ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
  } as const;
  const pageHeaders = secureHeaders({
    ...headers,
    contentSecurityPolicy: contentSecurityPolicy(deps),
  });
  // Uploaded media is never a document: nothing in it may run, even opened on its own.
  const mediaHeaders = secureHeaders({
    ...headers,
    contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] },
  });
  app.use((c, next) =>
    c.req.path.startsWith('/media/') ? mediaHeaders(c, next) : pageHeaders(c, next),
  );

  const api = new Hono<AppEnv>();
  api.use(originCheck(trustedOrigins(deps), new URL(deps.env.BASE_URL).protocol));
  const jsonLimit = limitBody(JSON_BODY_LIMIT, tooLarge);
  // Photo uploads carry their own, larger limit (listings.routes.ts). Before every route, so an
  // early answer (401, 404) never leaves an upload unread.
  api.use((c, next) =>
    PHOTO_UPLOAD_PATH.test(c.req.path) ? photoBodyLimit(c, next) : jsonLimit(c, next),
  );
  api.route('/health', createHealthRoutes(deps));
  api.route('/auth', createAuthRoutes(deps));
  api.use(loadSession(deps.auth));
  api.route('/me', createUsersRoutes(deps));
  api.route('/session', createSessionRoutes());
  api.route('/dev/mailbox', createDevMailboxRoutes(deps));
  api.route('/listings', createListingsRoutes(deps));
  api.route('/landlord', createLandlordListingsRoutes(deps));
  api.route('/neighborhoods', createNeighborhoodsRoutes());
  api.route('/saved-listings', createSavedListingsRoutes(deps));
  api.route('/conversations', createConversationsRoutes(deps));
  api.route('/messages', createMessagesRoutes(deps));
  api.route('/events', createEventsRoutes(deps));
  const openApi = buildOpenApiDocument(apiOperations, API_VERSION);
  api.get('/openapi.json', (c) => c.json(openApi));
  api.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  app.route('/api', api);

  app.route('/media', createMediaRoutes(deps));
  app.route('/', createSeoRoutes(deps));

  if (deps.webRoot) {
    mountWebApp(app, deps.webRoot, (web, indexHtml) =>
      web.route('/', createListingPageRoutes(deps, indexHtml)),
    );
  }
  return app;
}

function isSmallJsonApi(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/listings');
}

const JSON_BODY_LIMIT = 1024 * 1024;

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: 'The request body is too large (at most 1 MB).',
  });
}

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

/** The built SPA: hashed assets cached for a year, every other path falls back to index.html. */
function mountWebApp(
  app: Hono<AppEnv>,
  webRoot: string,
  /** Routes that answer some app paths themselves (with the shell) before the fallback. */
  beforeFallback?: (app: Hono<AppEnv>, indexHtml: (pathname: string) => string | undefined) => void,
) {
  const indexFile = path.join(webRoot, 'index.html');
  const cacheFor = (value: string): MiddlewareHandler<AppEnv> => {
    return async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', value);
    };
  };
  // Dotfiles (.vite/manifest.json, which the server reads itself below) are not for the public.
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
  // with the build manifest that names each page's chunks.
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; html: string; preloads: (pathname: string) => string } | undefined;
  const readIndex = (pathname: string) => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const manifest = fs.existsSync(manifestFile)
        ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest)
        : undefined;
      cached = {
        mtimeMs: stat.mtimeMs,
        html: fs.readFileSync(indexFile, 'utf8'),
        preloads: routePreloads(manifest),
      };
    }
    const tags = cached.preloads(pathname);
    return tags ? cached.html.replace('</head>', () => `${tags}</head>`) : cached.html;
  };
  const shell: Handler<AppEnv> = (c) => {
    const html = readIndex(c.req.path);
    if (html === undefined) throw new AppError('NOT_FOUND');
    return c.html(html);
  };
  app.use('*', cacheFor('no-cache'));
  // The home page is the shell too (with its preloads), not the static index.html.
  app.get('/', shell);
  app.use('*', serveStatic({ root: webRoot, precompressed: true }));
  beforeFallback?.(app, readIndex);
  app.get('*', shell);
}

const apiOperations = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Service and database health',
    tags: ['platform'],
    response: HealthResponseSchema,
  },
  {
    method: 'post',
    path: '/api/auth/sign-up/email',
    summary: 'Create an account (renter or landlord) and sign in',
    tags: ['auth'],
    body: SignUpSchema,
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in with email and password',
    tags: ['auth'],
    body: SignInSchema,
  },
  { method: 'post', path: '/api/auth/sign-out', summary: 'Sign out', tags: ['auth'] },
  {
    method: 'post',
    path: '/api/auth/request-password-reset',
    summary: 'Mail a password reset link (same answer for unknown addresses)',
    tags: ['auth'],
    body: ForgotPasswordSchema,
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token',
    tags: ['auth'],
    body: ResetPasswordSchema,
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary: 'Change the password (current one required); other sessions can be signed out',
    tags: ['auth'],
    body: ChangePasswordSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user',
    tags: ['users'],
    response: MeResponseSchema,
    auth: true,
  },
  {
    method: 'patch',
    path: '/api/me',
    summary: 'Update the signed-in user',
    tags: ['users'],
    body: UpdateMeSchema,
    response: MeResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/session',
    summary: 'Who is signed in: the user, or null for a visitor (never 401)',
    tags: ['users'],
    response: SessionResponseSchema,
  },
  {
    method: 'get',
    path: '/api/dev/mailbox',
    summary: 'Mail kept in the outbox (development only, loopback clients only)',
    tags: ['dev'],
    response: MailboxResponseSchema,
  },
  ...listingsApiOperations,
  ...messagingApiOperations,
] satisfies Parameters<typeof buildOpenApiDocument>[0];
