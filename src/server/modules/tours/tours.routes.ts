import { type Context, Hono } from 'hono';
import {
  BookTourInputSchema,
  CancelTourInputSchema,
  RescheduleTourInputSchema,
  TourIdParamSchema,
  ToursQuerySchema,
} from '../../../shared/schemas/tours.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { noStore } from '../../lib/no-store.ts';
import { validate } from '../../lib/validate.ts';
import {
  bookTour,
  getTour,
  listTours,
  rescheduleTour,
  type ToursCtx,
  tourIcs,
  toursDeps,
  transitionTour,
} from './tours.service.ts';

const tourParam = validate('param', TourIdParamSchema, { id: 'NOT_FOUND' });

/** `{ reason? }`: the body may be left out. */
const reasonBody = validate('json', CancelTourInputSchema, {}, { optionalBody: true });

/** `/api/tours` (issue 13). */
export function createToursRoutes(deps: AppDeps) {
  const base = toursDeps(deps);
  const ctxOf = (c: Context<AppEnv>): ToursCtx => ({ ...base, user: currentUser(c) });
  return new Hono<AppEnv>()
    .use(requireUser, noStore)
    .post('/', requireRole('renter'), validate('json', BookTourInputSchema), async (c) => {
      const { tour, created } = await bookTour({ ctx: ctxOf(c), input: c.req.valid('json') });
      return c.json(tour, created ? 201 : 200);
    })
    .get('/', validate('query', ToursQuerySchema), async (c) =>
      c.json(await listTours({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .get('/:id', tourParam, async (c) =>
      c.json(await getTour({ ctx: ctxOf(c), input: c.req.valid('param') })),
    )
    .get('/:id/ics', tourParam, async (c) => {
      const { filename, body } = await tourIcs({ ctx: ctxOf(c), input: c.req.valid('param') });
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${filename}"`);
      return c.body(body);
    })
    .post('/:id/confirm', tourParam, async (c) =>
      c.json(
        await transitionTour({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id, action: 'confirm' },
        }),
      ),
    )
    .post('/:id/decline', tourParam, reasonBody, async (c) =>
      c.json(
        await transitionTour({
          ctx: ctxOf(c),
          input: {
            id: c.req.valid('param').id,
            action: 'decline',
            reason: c.req.valid('json').reason,
          },
        }),
      ),
    )
    .post('/:id/cancel', tourParam, reasonBody, async (c) =>
      c.json(
        await transitionTour({
          ctx: ctxOf(c),
          input: {
            id: c.req.valid('param').id,
            action: 'cancel',
            reason: c.req.valid('json').reason,
          },
        }),
      ),
    )
    .post('/:id/complete', tourParam, async (c) =>
      c.json(
        await transitionTour({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id, action: 'complete' },
        }),
      ),
    )
    .post('/:id/no-show', tourParam, async (c) =>
      c.json(
        await transitionTour({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id, action: 'no-show' },
        }),
      ),
    )
    .post('/:id/reschedule', tourParam, validate('json', RescheduleTourInputSchema), async (c) => {
      const { tour, created } = await rescheduleTour({
        ctx: ctxOf(c),
        input: { ...c.req.valid('json'), id: c.req.valid('param').id },
      });
      return c.json(tour, created ? 201 : 200);
    });
}
