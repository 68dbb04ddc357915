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
 * production and only to a client on this machine: the socket's peer must be loopback, and a
 * request a proxy forwarded (X-Forwarded-For, Forwarded) is refused even from a local proxy.
 * Anything else gets the same 404 as a path that does not exist.
 */
export function createDevMailboxRoutes({ env, mailer }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const local =
      isLoopbackAddress(c.var.clientIp) &&
      c.req.header('x-forwarded-for') === undefined &&
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
