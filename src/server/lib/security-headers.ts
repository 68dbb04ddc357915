import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { chatbotOrigins } from './chatbot-settings.ts';
import { mediaOrigins } from './storage.ts';

/**
 * MapLibre GL (issue 16, with MAP_STYLE_URL set): the style's origin for the style, tiles,
 * glyphs and sprites (fetched, and drawn as images), and `blob:` workers, which MapLibre
 * starts from its own bundle. Unset: nothing is added.
 */
function mapOrigins(env: Pick<AppDeps['env'], 'MAP_STYLE_URL'>) {
  if (!env.MAP_STYLE_URL) return { origins: [], workers: [] };
  return { origins: [new URL(env.MAP_STYLE_URL).origin], workers: ['blob:'] };
}

const unique = (values: string[]) => [...new Set(values)];

function contentSecurityPolicy(deps: Pick<AppDeps, 'env'>) {
  // The chatbot's hosts are allowed only when it is configured (docs/architecture.md §9): the
  // origins of the configured URLs, nothing else.
  const chatbot = chatbotOrigins(deps.env);
  const map = mapOrigins(deps.env);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chatbot.assets],
    styleSrc: ["'self'", "'unsafe-inline'", ...chatbot.assets],
    // Photos from a bucket's public URL (S3_PUBLIC_URL) when media is served from there.
    imgSrc: unique([
      "'self'",
      'data:',
      'blob:',
      ...mediaOrigins(deps.env),
      ...chatbot.assets,
      ...map.origins,
    ]),
    connectSrc: unique(["'self'", ...chatbot.assets, ...chatbot.api, ...map.origins]),
    ...(map.workers.length ? { workerSrc: ["'self'", ...map.workers] } : {}),
    fontSrc: ["'self'", 'data:'],
    // blob: a rental application's PDF, read by the page and shown in a frame (issue 28); the
    // page makes those URLs itself from the four document types it lets in.
    frameSrc: ['blob:', ...chatbot.assets],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** Pages get the CSP; uploaded media gets one under which nothing runs. */
export function securityHeaders(deps: Pick<AppDeps, 'env'>): MiddlewareHandler<AppEnv> {
  const secure = deps.env.BASE_URL.startsWith('https://');
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
  return (c, next) =>
    c.req.path.startsWith('/media/') ? mediaHeaders(c, next) : pageHeaders(c, next);
}
