import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie auth: a state-changing request that names a foreign origin is
 * refused. Same-origin means the Origin's scheme is the site's (BASE_URL's) and its host and
 * port equal the Host the request was sent to, or an origin we trust (BASE_URL,
 * TRUSTED_ORIGINS). Requests without Origin come from non-browser
 * clients, which carry no ambient cookies to abuse; browsers send Origin on every POST.
 */
export function originCheck(
  trusted: readonly string[],
  /** `http:` or `https:`: the scheme pages are served with (a TLS proxy may sit in front). */
  scheme: string,
  /** Paths whose requests carry their own proof (a signed token), never a cookie's. */
  options: { exempt?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  const exempt = new Set(options.exempt ?? []);
  // Not an async function: a safe request goes on without a promise of its own (decision 060);
  // a refusal is thrown, which hono handles alike from either kind.
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    if (origin === undefined) {
      if (fetchSite === 'cross-site') throw new AppError('CROSS_ORIGIN');
      return next();
    }
    if (!isAllowedOrigin(origin, c.req.header('host'), trusted, scheme)) {
      throw new AppError('CROSS_ORIGIN');
    }
    return next();
  };
}

export function isAllowedOrigin(
  origin: string,
  host: string | undefined,
  trusted: readonly string[],
  scheme: string,
): boolean {
  if (trusted.includes(origin)) return true;
  try {
    const url = new URL(origin);
    // `host` includes the port; a default port is left out of both alike.
    return url.protocol === scheme && url.host === host;
  } catch {
    return false; // "null" and other opaque origins
  }
}
