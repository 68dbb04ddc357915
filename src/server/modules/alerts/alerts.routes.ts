import { type Context, Hono } from 'hono';
import {
  CreateSavedSearchSchema,
  SavedSearchIdParamSchema,
  SavedSearchMatchesQuerySchema,
  UnsubscribeSchema,
  UpdateSavedSearchSchema,
} from '../../../shared/schemas/saved-searches.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { alertDeps } from './alert-deps.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  listSavedSearchMatches,
  type SavedSearchesCtx,
  unsubscribe,
  updateSavedSearch,
} from './alerts.service.ts';

const idParam = validate('param', SavedSearchIdParamSchema);

/** `/api/saved-searches` (issue 16): a renter's own; landlords and admins 403. */
export function createSavedSearchesRoutes(deps: AppDeps) {
  const { database, storage, events, listingSearch } = deps;
  const ctxOf = (c: { var: AppEnv['Variables'] }): SavedSearchesCtx => ({
    db: database.db,
    storage,
    events,
    listingSearch,
    user: currentUser(c),
  });
  return new Hono<AppEnv>()
    .use(requireRole('renter'))
    .get('/', async (c) => c.json(await listSavedSearches({ ctx: ctxOf(c) })))
    .post('/', validate('json', CreateSavedSearchSchema), async (c) =>
      c.json(await createSavedSearch({ ctx: ctxOf(c), input: c.req.valid('json') }), 201),
    )
    .patch('/:id', idParam, validate('json', UpdateSavedSearchSchema), async (c) =>
      c.json(
        await updateSavedSearch({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id, changes: c.req.valid('json') },
        }),
      ),
    )
    .delete('/:id', idParam, async (c) => {
      await deleteSavedSearch({ ctx: ctxOf(c), input: c.req.valid('param') });
      return c.body(null, 204);
    })
    .get('/:id/matches', idParam, validate('query', SavedSearchMatchesQuerySchema), async (c) =>
      c.json(
        await listSavedSearchMatches({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id, query: c.req.valid('query') },
        }),
      ),
    );
}

/**
 * What an unsubscribe POST carries: JSON `{ token }` from the web page, or RFC 8058's one-click
 * form post (`List-Unsubscribe=One-Click`) from a mail provider, with the token in the URL.
 */
async function unsubscribeBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('application/json')) return c.req.json().catch(() => null);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  if (form['List-Unsubscribe'] !== 'One-Click' && form.token === undefined) {
    throw new AppError('VALIDATION_ERROR', { message: ONE_CLICK_REQUIRED });
  }
  return { token: c.req.query('token') ?? form.token };
}

const ONE_CLICK_REQUIRED = 'Post List-Unsubscribe=One-Click, or JSON with the token.';

/** `/api/alerts/unsubscribe` (issue 16): no sign-in; the signed token decides. */
export function createUnsubscribeRoutes(deps: AppDeps) {
  const ctx = alertDeps(deps);
  return (
    new Hono<AppEnv>()
      .post('/unsubscribe', async (c) => {
        const parsed = UnsubscribeSchema.safeParse(await unsubscribeBody(c));
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'The request is not valid.';
          throw new AppError('VALIDATION_ERROR', {
            message,
            details: [{ path: 'token', message }],
          });
        }
        return c.json(await unsubscribe({ ctx, input: parsed.data }));
      })
      // A mail client that opens the List-Unsubscribe address instead of posting to it: the page.
      .get('/unsubscribe', (c) => {
        const token = c.req.query('token') ?? '';
        return c.redirect(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`, 303);
      })
  );
}
