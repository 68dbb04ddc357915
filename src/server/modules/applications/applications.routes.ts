import { Hono } from 'hono';
import {
  ApplicationParamSchema,
  ApplicationsQuerySchema,
  ApplyInputSchema,
  DeclineInputSchema,
  OfferInputSchema,
  RequestInfoInputSchema,
  RespondInputSchema,
} from '../../../shared/schemas/applications.ts';
import { ListingIdParamSchema } from '../../../shared/schemas/listings.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { noStore } from '../../lib/no-store.ts';
import { validate } from '../../lib/validate.ts';
import {
  acceptOffer,
  declineApplication,
  makeOffer,
  rejectOffer,
  requestInfo,
  respond,
} from './application-actions.service.ts';
import { countApplications } from './application-counts.service.ts';
import {
  type ApplicationsCtx,
  applyToListing,
  getApplication,
  listApplications,
  withdrawApplication,
} from './applications.service.ts';

/** A malformed id is an unknown application. */
const applicationParam = validate('param', ApplicationParamSchema, { id: 'NOT_FOUND' });

function applicationsCtx({ database: { db }, events, mailer, env }: AppDeps) {
  const mail = { mailer, baseUrl: env.BASE_URL };
  return (c: { var: AppEnv['Variables'] }): ApplicationsCtx => ({
    db,
    events,
    mail,
    user: currentUser(c),
  });
}

/** `/api/listings/{id}/applications`: a renter applies (201; a replayed key 200). */
export function createListingApplicationsRoutes(deps: AppDeps) {
  const ctxOf = applicationsCtx(deps);
  return new Hono<AppEnv>()
    .use(noStore)
    .post(
      '/',
      requireRole('renter'),
      validate('param', ListingIdParamSchema),
      validate('json', ApplyInputSchema),
      async (c) => {
        const input = { listingId: c.req.valid('param').id, apply: c.req.valid('json') };
        const { application, created } = await applyToListing({ ctx: ctxOf(c), input });
        return c.json(application, created ? 201 : 200);
      },
    );
}

/** `/api/applications`: a renter's own, or those on a landlord's listings. */
export function createApplicationsRoutes(deps: AppDeps) {
  const ctxOf = applicationsCtx(deps);
  return (
    new Hono<AppEnv>()
      .use(requireRole('renter', 'landlord'), noStore)
      .get('/', validate('query', ApplicationsQuerySchema), async (c) =>
        c.json(await listApplications({ ctx: ctxOf(c), input: c.req.valid('query') })),
      )
      // Before `/:id`, which would take "counts" for an application id.
      .get('/counts', async (c) => c.json(await countApplications({ ctx: ctxOf(c) })))
      .get('/:id', applicationParam, async (c) => {
        const { application } = await getApplication({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id },
        });
        return c.json(application);
      })
      .post('/:id/withdraw', applicationParam, async (c) => {
        const { application } = await withdrawApplication({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id },
        });
        return c.json(application);
      })
      .post(
        '/:id/request-info',
        applicationParam,
        validate('json', RequestInfoInputSchema),
        async (c) =>
          c.json(
            await requestInfo({
              ctx: ctxOf(c),
              input: { ...c.req.valid('json'), id: c.req.valid('param').id },
            }),
          ),
      )
      .post('/:id/respond', applicationParam, validate('json', RespondInputSchema), async (c) =>
        c.json(
          await respond({
            ctx: ctxOf(c),
            input: { ...c.req.valid('json'), id: c.req.valid('param').id },
          }),
        ),
      )
      .post('/:id/offer', applicationParam, validate('json', OfferInputSchema), async (c) =>
        c.json(
          await makeOffer({
            ctx: ctxOf(c),
            input: { id: c.req.valid('param').id, offer: c.req.valid('json') },
          }),
        ),
      )
      .post('/:id/accept', applicationParam, async (c) =>
        c.json(await acceptOffer({ ctx: ctxOf(c), input: { id: c.req.valid('param').id } })),
      )
      .post('/:id/reject-offer', applicationParam, async (c) =>
        c.json(await rejectOffer({ ctx: ctxOf(c), input: { id: c.req.valid('param').id } })),
      )
      .post('/:id/decline', applicationParam, validate('json', DeclineInputSchema), async (c) =>
        c.json(
          await declineApplication({
            ctx: ctxOf(c),
            input: { id: c.req.valid('param').id, decline: c.req.valid('json') },
          }),
        ),
      )
  );
}
