import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  JoinWaitlistInputSchema,
  OfferWaitlistInputSchema,
  WaitlistEntryParamSchema,
} from '../../../shared/schemas/tours.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireRole } from '../../auth/session.ts';
import { noStore } from '../../lib/no-store.ts';
import { validate } from '../../lib/validate.ts';
import { toursDeps } from './tours.service.ts';
import {
  joinWaitlist,
  landlordWaitlist,
  leaveWaitlist,
  myWaitlist,
  offerByHand,
  removeEntry,
  type WaitlistCtx,
} from './waitlist.service.ts';

const ListingParamSchema = z.object({ id: z.uuid() });
const listingParam = validate('param', ListingParamSchema, { id: 'NOT_FOUND' });
const entryParam = validate('param', WaitlistEntryParamSchema, { entryId: 'NOT_FOUND' });

function waitlistCtx(deps: AppDeps) {
  const { db, events, mailer, coverUrl, baseUrl } = toursDeps(deps);
  return (c: Context<AppEnv>): WaitlistCtx => ({
    db,
    events,
    mailer,
    coverUrl,
    baseUrl,
    user: currentUser(c),
  });
}

/** `/api/listings/{id}/waitlist`: a renter joins or leaves a listing's queue. */
export function createListingWaitlistRoutes(deps: AppDeps) {
  const ctxOf = waitlistCtx(deps);
  return new Hono<AppEnv>()
    .use(requireRole('renter'), noStore)
    .post(
      '/',
      listingParam,
      validate('json', JoinWaitlistInputSchema, {}, { optionalBody: true }),
      async (c) => {
        const { entry, created } = await joinWaitlist({
          ctx: ctxOf(c),
          input: {
            listingId: c.req.valid('param').id,
            preferences: c.req.valid('json').preferences,
          },
        });
        return c.json(entry, created ? 201 : 200);
      },
    )
    .delete('/', listingParam, async (c) => {
      await leaveWaitlist({ ctx: ctxOf(c), input: { listingId: c.req.valid('param').id } });
      return c.body(null, 204);
    });
}

/** `/api/waitlist`: the renter's entries; the landlord's offer and remove. */
export function createWaitlistRoutes(deps: AppDeps) {
  const ctxOf = waitlistCtx(deps);
  return new Hono<AppEnv>()
    .use(noStore)
    .get('/', requireRole('renter'), async (c) => c.json(await myWaitlist({ ctx: ctxOf(c) })))
    .post(
      '/:entryId/offer',
      requireRole('landlord'),
      entryParam,
      validate('json', OfferWaitlistInputSchema),
      async (c) =>
        c.json(
          await offerByHand({
            ctx: ctxOf(c),
            input: { entryId: c.req.valid('param').entryId, start: c.req.valid('json').start },
          }),
        ),
    )
    .post('/:entryId/remove', requireRole('landlord'), entryParam, async (c) =>
      c.json(
        await removeEntry({ ctx: ctxOf(c), input: { entryId: c.req.valid('param').entryId } }),
      ),
    );
}

/** `/api/landlord/waitlist`: every queue of the landlord's listings. */
export function createLandlordWaitlistRoutes(deps: AppDeps) {
  const ctxOf = waitlistCtx(deps);
  return new Hono<AppEnv>()
    .use(requireRole('landlord'), noStore)
    .get('/', async (c) => c.json(await landlordWaitlist({ ctx: ctxOf(c) })));
}
