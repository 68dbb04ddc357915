import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  type Application,
  type ApplicationStatus,
  type Decline,
  incomeMetBy,
  type Offer,
  OPEN_APPLICATION_STATUSES,
  RENTED_NOTICE,
} from '../../../shared/schemas/applications.ts';
import { applications } from '../../db/schema/applications.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  type EventsTransaction,
  publishEvents,
  transactionWithEvents,
} from '../events/events.service.ts';
import {
  type ApplicationsCtx,
  changedAndMailed,
  ownApplication,
  recordTimeline,
  viewerOf,
} from './application-access.ts';
import { attachDocuments, nextDocumentPosition, ownDocuments } from './application-requirements.ts';
import { readApplication } from './application-view.ts';
import { signOffer } from './signed-offer.service.ts';

/*
 * What each side may do to an application, and when (issues 28, 29). Every move is checked
 * against the status under the row's lock; any other move is 409 APPLICATION_STATE. The
 * renter's moves are the primary applicant's (a member: 403).
 */

type Side = 'renter' | 'landlord';
type Locked = Awaited<ReturnType<typeof ownApplication>>;

/** The application locked for a change by `side` (anyone else's: 404; the other side: 403). */
const lockFor = (tx: EventsTransaction, ctx: ApplicationsCtx, id: string, side: Side) =>
  ownApplication(tx, ctx.user, id, { lockFor: side });

function expectStatus(application: Locked, allowed: readonly ApplicationStatus[]) {
  if (!allowed.includes(application.status)) throw new AppError('APPLICATION_STATE');
}

const CLOSED_BY: Partial<Record<ApplicationStatus, true>> = {
  accepted: true,
  offer_rejected: true,
  declined: true,
  withdrawn: true,
  closed: true,
};

async function move(
  tx: EventsTransaction,
  id: string,
  status: ApplicationStatus,
  extra: { offer?: Offer; decline?: Decline } = {},
) {
  const now = new Date();
  await tx
    .update(applications)
    .set({ status, updatedAt: now, ...(CLOSED_BY[status] ? { closedAt: now } : {}), ...extra })
    .where(eq(applications.id, id));
  return now;
}

type Action<I> = (args: {
  ctx: ApplicationsCtx;
  input: { id: string } & I;
}) => Promise<Application>;

/** `request-info` (landlord): the renter is asked for more. */
export const requestInfo: Action<{ message: string }> = ({ ctx, input }) =>
  transactionWithEvents(ctx, async (tx) => {
    const application = await lockFor(tx, ctx, input.id, 'landlord');
    expectStatus(application, ['submitted', 'info_requested']);
    await move(tx, input.id, 'info_requested');
    await recordTimeline(tx, input.id, 'info_requested', 'landlord', input.message);
    return changedAndMailed(tx, ctx, { id: input.id, kind: 'info_requested' });
  });

/** `respond` (renter): the answer, and any documents it adds; back to the landlord. */
export const respond: Action<{ message: string; documentIds?: string[] }> = ({ ctx, input }) =>
  transactionWithEvents(ctx, async (tx) => {
    const application = await lockFor(tx, ctx, input.id, 'renter');
    expectStatus(application, ['info_requested']);
    const ids = input.documentIds ?? [];
    const documents = await ownDocuments(tx, ctx.user.id, ids);
    await attachDocuments(tx, {
      applicationId: input.id,
      documents,
      order: ids,
      from: await nextDocumentPosition(tx, input.id),
    });
    await move(tx, input.id, 'submitted');
    await recordTimeline(tx, input.id, 'responded', 'renter', input.message);
    return changedAndMailed(tx, ctx, { id: input.id, kind: 'responded' });
  });

/** `offer` (landlord): the terms; the deposit cap is the schema's. */
export const makeOffer: Action<{ offer: Offer }> = ({ ctx, input }) =>
  transactionWithEvents(ctx, async (tx) => {
    const application = await lockFor(tx, ctx, input.id, 'landlord');
    expectStatus(application, ['submitted', 'info_requested']);
    await move(tx, input.id, 'offered', { offer: input.offer });
    await recordTimeline(tx, input.id, 'offered', 'landlord');
    return changedAndMailed(tx, ctx, { id: input.id, kind: 'offered' });
  });

/** `reject-offer` (renter). */
export const rejectOffer: Action<object> = ({ ctx, input }) =>
  transactionWithEvents(ctx, async (tx) => {
    const application = await lockFor(tx, ctx, input.id, 'renter');
    expectStatus(application, ['offered']);
    await move(tx, input.id, 'offer_rejected');
    await recordTimeline(tx, input.id, 'offer_rejected', 'renter');
    return changedAndMailed(tx, ctx, { id: input.id, kind: 'offer_rejected' });
  });

/**
 * `accept` (renter): signed with the primary applicant's typed legal name, the offer is kept as
 * a PDF (signed-offer.service.ts); the listing is rented, and every other open application on it
 * closes with the notice that the renter's application is saved for the next one.
 */
export const acceptOffer = ({
  ctx,
  input,
}: {
  ctx: ApplicationsCtx & { storage: MediaStorage };
  input: { id: string; signature: string };
}): Promise<Application> =>
  transactionWithEvents(ctx, async (tx) => {
    const application = await lockFor(tx, ctx, input.id, 'renter');
    expectStatus(application, ['offered']);
    const closedAt = await move(tx, input.id, 'accepted');
    const { signedBy } = await signOffer(tx, ctx.storage, {
      id: input.id,
      signature: input.signature,
      closedAt,
    });
    await recordTimeline(tx, input.id, 'accepted', 'renter');
    await recordTimeline(tx, input.id, 'offer_signed', 'renter', signedBy);
    await tx
      .update(listings)
      .set({ status: 'rented', featured: false, updatedAt: new Date() })
      .where(and(eq(listings.id, application.listingId), eq(listings.status, 'active')));
    const others = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.listingId, application.listingId),
          ne(applications.id, input.id),
          inArray(applications.status, [...OPEN_APPLICATION_STATUSES]),
        ),
      )
      .for('update');
    for (const other of others) {
      await move(tx, other.id, 'closed');
      await recordTimeline(tx, other.id, 'closed', 'stoop', RENTED_NOTICE);
      await changedAndMailed(tx, ctx, { id: other.id, kind: 'closed' });
    }
    await publishEvents(tx, [
      { userId: application.landlordId, type: 'landlord.stats.changed', data: {} },
    ]);
    return changedAndMailed(tx, ctx, { id: input.id, kind: 'accepted' });
  });

/**
 * `decline` (landlord). A decline for income is refused while the application meets the income
 * the listing asked for when it was sent: Stoop holds the landlord to what the renter was shown.
 */
export const declineApplication: Action<{ decline: Decline }> = ({ ctx, input }) =>
  transactionWithEvents(ctx, async (tx) => {
    const application = await lockFor(tx, ctx, input.id, 'landlord');
    expectStatus(application, OPEN_APPLICATION_STATUSES);
    if (input.decline.reason === 'income') {
      // The same figures the landlord's row shows: the household's, and a guarantor's.
      const view = await readApplication(tx, input.id, viewerOf(ctx.user));
      const criteria = view?.criteria;
      const by = view
        ? incomeMetBy(view.criteria, view.incomeMultiple, view.guarantorIncomeMultiple)
        : false;
      if (criteria && by) {
        throw new AppError('CONFLICT', {
          message:
            criteria.incomeMultiple === null
              ? 'This listing asked for no income multiple: it cannot be declined for income.'
              : by === 'guarantor'
                ? `This application's guarantor meets the ${criteria.guarantorIncomeMultiple}× income you asked of a guarantor: it cannot be declined for income.`
                : `This application meets the ${criteria.incomeMultiple}× income you asked for: it cannot be declined for income.`,
        });
      }
    }
    await move(tx, input.id, 'declined', { decline: input.decline });
    await recordTimeline(
      tx,
      input.id,
      'declined',
      'landlord',
      input.decline.note ?? input.decline.reason,
    );
    return changedAndMailed(tx, ctx, { id: input.id, kind: 'declined' });
  });
