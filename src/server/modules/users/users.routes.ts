import { type Context, Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { DeleteAccountSchema, UpdateMeSchema } from '../../../shared/schemas/users.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Auth } from '../../auth/auth.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { validate } from '../../lib/validate.ts';
import { liveEventPosition } from '../events/events.service.ts';
import { toursDeps } from '../tours/tours.service.ts';
import { deleteAccount, updateName } from './users.service.ts';

/** Clears better-auth's session cookies (the rows are gone already; this tidies the browser). */
async function clearSessionCookies(c: Context<AppEnv>, auth: Auth) {
  const { authCookies } = await auth.$context;
  for (const { name, attributes } of [authCookies.sessionToken, authCookies.sessionData]) {
    deleteCookie(c, name, {
      path: attributes.path ?? '/',
      secure: attributes.secure === true,
      httpOnly: true,
      sameSite: 'Lax',
      ...(attributes.domain ? { domain: attributes.domain } : {}),
    });
  }
}

export function createUsersRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      // The session lookup already loaded the user: no second query on this hot path.
      .get('/', (c) => c.json({ user: currentUser(c) }))
      .patch('/', validate('json', UpdateMeSchema), async (c) => {
        const user = await updateName({
          ctx: { db, user: currentUser(c) },
          input: c.req.valid('json'),
        });
        return c.json({ user });
      })
      // Decision 039: 204, every session of the user gone, this browser's cookie cleared.
      .delete('/', validate('json', DeleteAccountSchema), async (c) => {
        await deleteAccount({
          ctx: {
            ...toursDeps(deps),
            storage: deps.storage,
            logger: c.var.logger,
            user: currentUser(c),
          },
          input: c.req.valid('json'),
        });
        await clearSessionCookies(c, deps.auth);
        return c.body(null, 204);
      })
  );
}

/**
 * `GET /api/session`: the web app's "who am I" probe. It answers 200 with `user: null` for a
 * visitor, so a signed-out page load logs no failed request in the browser console (issue 11
 * item 15), while `GET /api/me` keeps its 401 contract (docs/architecture.md §4) for API clients.
 * Chosen over a readable "signed in" marker cookie: nothing to keep in step with the HttpOnly
 * session (sign-in, sign-out, expiry, revocation by a password reset). A signed-in answer also
 * carries `liveEventId`, the user's newest live event id when it was read.
 */
export function createSessionRoutes({ database: { db } }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const user = c.get('user');
    if (!user) return c.json({ user: null });
    // Read before the page's other requests: its live stream resumes from here (decision 062).
    return c.json({ user, liveEventId: await liveEventPosition(db, user.id) });
  });
}
