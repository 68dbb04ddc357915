import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s, shorter than a load
 * balancer's or a browser's idle time (nginx and most balancers: 60 s), so a client that reuses
 * the socket just as the server closes it gets ECONNRESET. Above 60 s, the client side closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Must exceed the keep-alive timeout, or Node can end a reused connection mid-headers. */
export const HEADERS_TIMEOUT_MS = 66_000;

export function applyConnectionTimeouts(
  server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>,
) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
}
