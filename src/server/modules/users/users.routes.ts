import { Hono } from 'hono';
import { UpdateMeSchema } from '../../../shared/schemas/users.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { validate } from '../../lib/validate.ts';
import { updateName } from './users.service.ts';

export function createUsersRoutes({ database: { db } }: AppDeps) {
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
  );
}

/**
 * `GET /api/session`: the web app's "who am I" probe. It answers 200 with `user: null` for a
 * visitor, so a signed-out page load logs no failed request in the browser console (issue 11
 * item 15), while `GET /api/me` keeps its 401 contract (ARCHITECTURE §4) for API clients. Chosen
 * over a readable "signed in" marker cookie: nothing to keep in step with the HttpOnly session
 * (sign-in, sign-out, expiry, revocation by a password reset).
 */
export function createSessionRoutes() {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: c.var.user });
  });
}
