import { Hono } from 'hono';
import { z } from 'zod';
import {
  ApplicationParamSchema,
  ApplicationsQuerySchema,
  ApplyInputSchema,
  DeclineInputSchema,
  OfferInputSchema,
  RequestInfoInputSchema,
  RespondInputSchema,
} from '../../../shared/schemas/applications.ts';
import {
  AcceptInputSchema,
  InvitationTokenSchema,
  InviteInputSchema,
  JoinInputSchema,
  MemberParamSchema,
} from '../../../shared/schemas/households.ts';
import { ListingIdParamSchema } from '../../../shared/schemas/listings.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { noStore } from '../../lib/no-store.ts';
import { PRIVATE_MEDIA_CACHE_CONTROL } from '../../lib/storage.ts';
import { validate } from '../../lib/validate.ts';
import type { ApplicationsCtx } from './application-access.ts';
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
  applyToListing,
  getApplication,
  listApplications,
  withdrawApplication,
} from './applications.service.ts';
import {
  inviteMember,
  joinApplication,
  leaveApplication,
  readInvitation,
  removeMember,
} from './household.service.ts';
import { openSignedOffer } from './signed-offer.service.ts';

/** A malformed id is an unknown application. */
const applicationParam = validate('param', ApplicationParamSchema, { id: 'NOT_FOUND' });
const memberParam = validate('param', MemberParamSchema, {
  id: 'NOT_FOUND',
  memberId: 'NOT_FOUND',
});

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
      .post('/:id/accept', applicationParam, validate('json', AcceptInputSchema), async (c) =>
        c.json(
          await acceptOffer({
            ctx: { ...ctxOf(c), storage: deps.storage },
            input: { id: c.req.valid('param').id, signature: c.req.valid('json').signature },
          }),
        ),
      )
      // Everyone who was on the application when it was signed, and its landlord; else 404.
      .get('/:id/offer.pdf', applicationParam, async (c) => {
        c.header('Cache-Control', PRIVATE_MEDIA_CACHE_CONTROL);
        const { object } = await openSignedOffer({
          ctx: { ...ctxOf(c), storage: deps.storage },
          input: { id: c.req.valid('param').id },
        });
        const headers: Record<string, string> = {
          'Content-Type': 'application/pdf',
          'Cache-Control': PRIVATE_MEDIA_CACHE_CONTROL,
          'Content-Disposition': 'attachment; filename="signed-offer.pdf"',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        };
        if (object.size !== undefined) headers['Content-Length'] = String(object.size);
        return new Response(object.body, { status: 200, headers });
      })
      .post('/:id/invite', applicationParam, validate('json', InviteInputSchema), async (c) =>
        c.json(
          await inviteMember({
            ctx: ctxOf(c),
            input: { ...c.req.valid('json'), id: c.req.valid('param').id },
          }),
        ),
      )
      .post('/:id/members/:memberId/remove', memberParam, async (c) =>
        c.json(await removeMember({ ctx: ctxOf(c), input: c.req.valid('param') })),
      )
      .post('/:id/leave', applicationParam, async (c) => {
        await leaveApplication({ ctx: ctxOf(c), input: { id: c.req.valid('param').id } });
        return c.body(null, 204);
      })
      .post('/:id/join', applicationParam, validate('json', JoinInputSchema), async (c) => {
        if (currentUser(c).userType !== 'renter') throw new AppError('FORBIDDEN');
        return c.json(
          await joinApplication({
            ctx: ctxOf(c),
            input: { ...c.req.valid('json'), id: c.req.valid('param').id },
          }),
        );
      })
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

/** `/api/application-invitations/{token}`: what an invitation asks, for whoever holds its link. */
export function createInvitationRoutes({ database: { db } }: AppDeps) {
  const tokenParam = validate('param', z.object({ token: InvitationTokenSchema }), {
    token: 'NOT_FOUND',
  });
  return new Hono<AppEnv>()
    .use(noStore)
    .get('/:token', tokenParam, async (c) =>
      c.json(await readInvitation({ ctx: { db }, input: c.req.valid('param') })),
    );
}
