import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The dev mailbox: mail kept in the outbox. It holds every reset link, so it answers only outside
 * production and only to a client on this machine: the socket's peer must be loopback. A request
 * a proxy forwarded (X-Forwarded-For) counts only when TRUST_PROXY trusts every hop, each hop is
 * loopback and so is the client they name; a `Forwarded` header, which we do not read, is refused.
 * Anything else gets the same 404 as a path that does not exist.
 */
export function createDevMailboxRoutes({ env, mailer }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const proxies = c.var.clientProxies;
    const forwarded = c.req.header('x-forwarded-for') !== undefined;
    const local =
      isLoopbackAddress(c.var.clientIp) &&
      proxies.every(isLoopbackAddress) &&
      // An X-Forwarded-For no trusted proxy vouched for: someone may be pretending.
      (!forwarded || proxies.length > 0) &&
      c.req.header('forwarded') === undefined;
    if (env.NODE_ENV === 'production' || mailer.transport !== 'outbox' || !local) {
      throw new AppError('NOT_FOUND');
    }
    c.header('Cache-Control', 'no-store');
    const items = await mailer.listOutbox(50);
    return c.json({
      items: items.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })),
    });
  });
}
