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
        const { name } = c.req.valid('json');
        return c.json({ user: await updateName({ db, userId: currentUser(c).id, name }) });
      })
  );
}
