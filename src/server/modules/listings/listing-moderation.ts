import { eq } from 'drizzle-orm';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { type EventsTransaction, publishEvents } from '../events/events.service.ts';
import { isListingPublic } from './listing-visibility.ts';

/*
 * An admin's takedown, restore and featuring of a listing (issue 15, decision 034). A takedown
 * is an ordinary status change to 'archived' (plus who-took-it-down columns), so every rule
 * that already hides a non-active listing hides it: the search index (the listing_changes
 * trigger logs the update), the listing page, featured, saved listings, messaging. The caller
 * runs each verb in its own `transactionWithEvents`, with its audit row.
 */

type ModerationCtx = { db: EventsTransaction };

export const LISTING_NOT_FOUND = 'Listing not found.';

/** What an admin action did to a listing: its state after, and whether anything changed. */
export type ModerationResult = {
  id: string;
  title: string;
  landlordId: string;
  status: string;
  /** The status before the action. */
  previousStatus: string;
  changed: boolean;
};

async function lockListing(tx: EventsTransaction, listingId: string) {
  const [row] = await tx
    .select({
      id: listings.id,
      title: listings.title,
      landlordId: listings.landlordId,
      status: listings.status,
      featured: listings.featured,
      unpublishedAt: listings.unpublishedAt,
      unpublishedFromStatus: listings.unpublishedFromStatus,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', { message: LISTING_NOT_FOUND });
  return row;
}

/** The landlord's dashboard counts moved (its stats cache forgets on this event). */
function countsChanged(tx: EventsTransaction, landlordId: string) {
  return publishEvents(tx, [{ userId: landlordId, type: 'landlord.stats.changed', data: {} }]);
}

type Locked = Awaited<ReturnType<typeof lockListing>>;

/**
 * A verb on one listing: locks it; when the verb `applies` to it, `change` writes the new state
 * and answers its status, and the landlord's counts move. Otherwise nothing changes (run again,
 * a verb is a no-op).
 */
function moderation(
  applies: (current: Locked) => boolean,
  change: (tx: EventsTransaction, current: Locked) => Promise<string>,
) {
  return async ({
    ctx: { db: tx },
    input: { listingId },
  }: {
    ctx: ModerationCtx;
    input: { listingId: string };
  }): Promise<ModerationResult> => {
    const current = await lockListing(tx, listingId);
    const result = { ...current, previousStatus: current.status, changed: false };
    if (!applies(current)) return result;
    const status = await change(tx, current);
    await countsChanged(tx, current.landlordId);
    return { ...result, status, changed: true };
  };
}

/** Takes a listing down: archived, unfeatured, remembered as it was. Again: nothing changes. */
export const unpublishListing = moderation(
  (current) => current.unpublishedAt === null,
  async (tx, current) => {
    const now = new Date();
    await tx
      .update(listings)
      .set({
        unpublishedAt: now,
        unpublishedFromStatus: current.status,
        status: 'archived',
        featured: false,
        updatedAt: now,
      })
      .where(eq(listings.id, current.id));
    return 'archived';
  },
);

/**
 * Undoes a takedown: the status it had (checked complete when it last went active, and nothing
 * changes an archived listing's completeness), both columns cleared. Not taken down: nothing.
 */
export const restoreUnpublishedListing = moderation(
  (current) => current.unpublishedAt !== null,
  async (tx, current) => {
    const status = current.unpublishedFromStatus ?? 'draft';
    await tx
      .update(listings)
      .set({ status, unpublishedAt: null, unpublishedFromStatus: null, updatedAt: new Date() })
      .where(eq(listings.id, current.id));
    return status;
  },
);

/** Staff featuring: only a public (active) listing may be featured; unfeaturing always works. */
export async function setListingFeatured({
  ctx: { db: tx },
  input: { listingId, featured },
}: {
  ctx: ModerationCtx;
  input: { listingId: string; featured: boolean };
}): Promise<ModerationResult> {
  const current = await lockListing(tx, listingId);
  const result = { ...current, previousStatus: current.status, changed: false };
  if (featured && !isListingPublic(current)) {
    throw new AppError('CONFLICT', {
      message: `Only an active listing can be featured; this one is ${current.status}.`,
    });
  }
  if (current.featured === featured) return result;
  await tx
    .update(listings)
    .set({ featured, updatedAt: new Date() })
    .where(eq(listings.id, listingId));
  return { ...result, changed: true };
}
