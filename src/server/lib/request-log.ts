import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Logger } from './logger.ts';
import { resolveClientAddress, type TrustProxy } from './trust-proxy.ts';

/** One JSON line per request, carrying the request id, and a child logger for handlers. */
export function requestLog(
  logger: Logger,
  trust: TrustProxy = { kind: 'none' },
): MiddlewareHandler<AppEnv> {
  // The request line holds no secret (an id, the method, the path, a status and a time), so it
  // is written without the redaction pass, which cost about as much as the rest of the line
  // (decision 060). Handlers' lines (`c.var.logger`) are redacted as before.
  const lines = logger.child({}, { redact: [] });
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.get('requestId');
    c.set('logger', logger.child({ requestId }));
    const client = clientAddress(c, trust);
    c.set('clientIp', client?.address);
    c.set('clientProxies', client?.proxies ?? []);
    await next();
    lines.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}

/** The socket's peer, or the client the trusted proxies name (TRUST_PROXY, decision 041). */
function clientAddress(c: Context<AppEnv>, trust: TrustProxy) {
  // app.request() in tests has no Node request to ask (getConnInfo would throw, at a stack trace's cost)
  const env = c.env as { incoming?: unknown; server?: unknown } | undefined;
  const socket = env?.incoming || env?.server ? getConnInfo(c).remote.address : undefined;
  if (!socket) return undefined;
  // Trusting no proxy, X-Forwarded-For is never read (resolveClientAddress ignores it): not
  // looked up either.
  const forwardedFor = trust.kind === 'none' ? undefined : c.req.header('x-forwarded-for');
  return resolveClientAddress(socket, forwardedFor, trust);
}
