import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { chatbotOrigins } from './chatbot-settings.ts';
import { mediaOrigins } from './storage.ts';

function contentSecurityPolicy(deps: Pick<AppDeps, 'env'>) {
  // The chatbot's hosts are allowed only when it is configured (ARCHITECTURE §9): the origins
  // of the configured URLs, nothing else.
  const chatbot = chatbotOrigins(deps.env);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chatbot.assets],
    styleSrc: ["'self'", "'unsafe-inline'", ...chatbot.assets],
    // Photos from a bucket's public URL (S3_PUBLIC_URL) when media is served from there.
    imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins(deps.env), ...chatbot.assets],
    connectSrc: ["'self'", ...chatbot.assets, ...chatbot.api],
    fontSrc: ["'self'", 'data:'],
    frameSrc: chatbot.assets.length ? chatbot.assets : ["'none'"],
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
