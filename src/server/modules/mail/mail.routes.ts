import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';

/** The dev mailbox: mail kept in the outbox, readable only outside production. */
export function createDevMailboxRoutes({ env, mailer }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    if (env.NODE_ENV === 'production' || mailer.transport !== 'outbox') {
      throw new AppError('NOT_FOUND');
    }
    c.header('Cache-Control', 'no-store');
    const items = await mailer.listOutbox(50);
    return c.json({
      items: items.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })),
    });
  });
}
