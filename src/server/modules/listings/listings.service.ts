import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { UserType } from '../../../shared/constants.ts';
import { STATUS_TRANSITIONS } from '../../../shared/listings.ts';
import { findNeighborhood } from '../../../shared/neighborhoods.ts';
import { publishIssues } from '../../../shared/schemas/listing-publish.ts';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import type { CreateListingInput, UpdateListingInput } from '../../../shared/schemas/listings.ts';
import type { Db } from '../../db/client.ts';
import { listingPhotos, listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Ctx, UserCtx, ViewerCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { type EventBus, publishEvents, transactionWithEvents } from '../events/events.service.ts';
import { type DetailRow, PHOTOS_JSON, SUMMARY_COLUMNS, toListing } from './listing-json.ts';
import { flushViews, recordView, visitorHash } from './listing-views.ts';
import { isListingPublic, publicListing } from './listing-visibility.ts';

export { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './listing-json.ts';
export {
  LISTING_NOT_FOUND,
  type ModerationResult,
  restoreUnpublishedListing,
  setListingFeatured,
  unpublishListing,
} from './listing-moderation.ts';
export { isListingPublic, publicListing, visibleListing } from './listing-visibility.ts';
export {
  matchingListingIds,
  matchSavedSearches,
  type SavedSearchQuery,
} from './saved-search-matching.ts';
export { featuredListings, listingPins, searchListings } from './search.service.ts';
export { type SimilarTo, similarListings, similarToListing } from './similar-listings.ts';
export { flushViews };

type Deps = { storage: MediaStorage };

/** The pool or the publishing transaction. */
type PlanCtx = { db: Pick<Db, 'select' | 'execute'> };

/**
 * What publishing asks of the landlord's plan. The billing module answers it and app.ts hands it
 * in: listings never imports billing, which builds on listings (plan usage, pausing, boosts).
 */
export type PlanLimits = {
  /** Serialises publishing and plan changes of one landlord until the transaction ends. */
  lockPlanUsage(args: { ctx: PlanCtx; input: { landlordId: string } }): Promise<void>;
  /** Refuses, with PLAN_LIMIT, a publish that would put `activeAfter` listings live. */
  assertWithinPlan(args: {
    ctx: PlanCtx;
    input: { landlordId: string; activeAfter: number };
  }): Promise<void>;
};

type ListingRow = typeof listings.$inferSelect;
type Issue = { path: string; message: string };

function invalid(issues: Issue[], message = issues[0]?.message ?? 'The request is not valid.') {
  return new AppError('VALIDATION_ERROR', { message, details: issues });
}

/**
 * The neighborhood decides the borough. Without a location of its own, a listing sits at its
 * neighborhood's center, and follows a change of neighborhood while it still sits there.
 */
function withDerivedFields<T extends Partial<CreateListingInput>>(input: T, current?: ListingRow) {
  const out: Record<string, unknown> = { ...input };
  if (input.neighborhood !== undefined) {
    const hood = input.neighborhood ? findNeighborhood(input.neighborhood) : undefined;
    out.borough = hood?.borough ?? null;
    const old = current?.neighborhood ? findNeighborhood(current.neighborhood) : undefined;
    const atOldCenter =
      current?.lat === null ||
      current?.lat === undefined ||
      (old !== undefined && current.lat === old.lat && current.lng === old.lng);
    if (hood && input.lat === undefined && input.lng === undefined && atOldCenter) {
      out.lat = hood.lat;
      out.lng = hood.lng;
    }
  }
  return out as Partial<ListingRow>;
}

/** Rules across fields that hold for every listing, draft or not. */
function crossFieldIssues(listing: Partial<ListingRow>): Issue[] {
  const issues: Issue[] = [];
  const term = listing.leaseTermMonths;
  if (term && listing.freeMonths && listing.freeMonths >= term) {
    issues.push({ path: 'freeMonths', message: 'Free months must be fewer than the lease term.' });
  }
  const rent = listing.rentCents;
  (listing.fees ?? []).forEach((fee, index) => {
    if (fee.type === 'security_deposit' && rent && fee.amountCents > rent) {
      issues.push({
        path: `fees.${index}.amountCents`,
        message: "New York limits the security deposit to one month's rent.",
      });
    }
  });
  return issues;
}

/** What a renter needs before a listing may go live (the wizard checks the same, step by step). */
function missingForPublish(listing: ListingRow, photoCount: number): Issue[] {
  return publishIssues({ ...listing, photos: photoCount });
}

/** A listing with everything its page shows; named, so each connection plans it once. */
const SELECT_DETAIL = {
  name: 'listing-detail',
  text: `select ${SUMMARY_COLUMNS}, l.description, l.fees, l.landlord_id,
      u.name as landlord_name, to_json(l.created_at) #>> '{}' as created_at,
      to_json(l.updated_at) #>> '{}' as updated_at, ${PHOTOS_JSON} as photos,
      lp.display_name as landlord_display_name, lp.bio as landlord_bio,
      lp.languages as landlord_languages, lp.photo_key as landlord_photo_key,
      lp.photo_widths as landlord_photo_widths,
      lp.median_first_reply_minutes as landlord_median_first_reply_minutes,
      lp.reply_rate as landlord_reply_rate,
      to_json(u.created_at) #>> '{}' as landlord_since
    from listings l join users u on u.id = l.landlord_id
    left join landlord_profiles lp on lp.landlord_id = l.landlord_id
    where l.id = $1`,
};

async function selectDetail(db: Db, listingId: string): Promise<DetailRow | undefined> {
  const result = await db.$client.query<DetailRow>({ ...SELECT_DETAIL, values: [listingId] });
  return result.rows[0];
}

function canSeeUnpublished(
  row: { landlord_id: string },
  viewer: { id: string; userType: UserType } | null,
) {
  return viewer !== null && (viewer.id === row.landlord_id || viewer.userType === 'admin');
}

/** What counting a view needs: the event bus and the secret its visitor hash is keyed with. */
type ViewDeps = Deps & { events: EventBus; viewSecret: string };

/**
 * `GET /api/listings/{id}`: active listings for everyone; others only for their owner. A public
 * listing's view counts once per New York day per visitor (the user, else address and agent).
 */
export async function getListing({
  ctx,
  input: { listingId, client },
}: {
  ctx: ViewerCtx<ViewDeps>;
  input: { listingId: string; client: { address?: string; userAgent?: string } };
}): Promise<Listing> {
  const { db, storage, user: viewer } = ctx;
  const row = await selectDetail(db, listingId);
  if (!row || (!isListingPublic(row) && !canSeeUnpublished(row, viewer))) {
    throw new AppError('NOT_FOUND');
  }
  // Owners looking at their own listing are not views.
  if (isListingPublic(row) && viewer?.id !== row.landlord_id) {
    const visitor = visitorHash(ctx.viewSecret, {
      userId: viewer?.id ?? null,
      address: client.address,
      userAgent: client.userAgent,
    });
    recordView(ctx, { listingId, visitor });
  }
  // The landlord's own view is exact; everyone else sees the public map position.
  return toListing(storage, row, viewer?.id === row.landlord_id ? 'owner' : 'public');
}

/**
 * A visitor's view of a public listing whose page the server rendered (decision 075): the
 * page asks the API nothing after, so its view is counted here, as `getListing` would.
 */
export function countVisitorView({
  ctx,
  input: { listingId, client },
}: {
  ctx: { db: Db; events: EventBus; viewSecret: string };
  input: { listingId: string; client: { address?: string; userAgent?: string } };
}): void {
  const visitor = visitorHash(ctx.viewSecret, {
    userId: null,
    address: client.address,
    userAgent: client.userAgent,
  });
  recordView(ctx, { listingId, visitor });
}

/** An active listing for server-rendered pages (SEO); no view is counted. */
export async function findPublicListing({
  ctx: { db, storage },
  input: { listingId },
}: {
  ctx: Ctx<Deps>;
  input: { listingId: string };
}): Promise<Listing | null> {
  const row = await selectDetail(db, listingId);
  return row && isListingPublic(row) ? toListing(storage, row) : null;
}

/** A listing as `viewerId` may see it after their change (exact when it is theirs). */
async function readListing(ctx: Ctx<Deps>, listingId: string, viewerId: string): Promise<Listing> {
  const row = await selectDetail(ctx.db, listingId);
  if (!row) throw new AppError('NOT_FOUND');
  return toListing(ctx.storage, row, row.landlord_id === viewerId ? 'owner' : 'public');
}

/**
 * Tells the landlord's dashboards their listing counts moved (a listing created, or its status
 * changed), after the change committed: a refetch hint, and what the stats cache forgets on.
 */
function listingCountsChanged(ctx: { db: Db; events: EventBus }, landlordId: string) {
  return transactionWithEvents(ctx, (tx) =>
    publishEvents(tx, [{ userId: landlordId, type: 'landlord.stats.changed', data: {} }]),
  );
}

export async function createListing({
  ctx: { db, storage, user, events },
  input,
}: {
  ctx: UserCtx<Deps & { events: EventBus }>;
  input: CreateListingInput;
}): Promise<Listing> {
  const landlordId = user.id;
  const values = withDerivedFields(input);
  const issues = crossFieldIssues(values);
  if (issues.length) throw invalid(issues);
  const [row] = await db
    .insert(listings)
    .values({ ...values, title: input.title, landlordId, status: 'draft' })
    .returning({ id: listings.id });
  if (!row) throw new AppError('INTERNAL');
  await listingCountsChanged({ db, events }, landlordId);
  return readListing({ db, storage }, row.id, landlordId);
}

/**
 * `PATCH /api/listings/{id}`: the owner edits any field and moves the status along
 * STATUS_TRANSITIONS; going active checks completeness. An admin may only set `featured`.
 */
export async function updateListing({
  ctx: { db, storage, user, events, planLimits },
  input: { listingId, changes: input },
}: {
  ctx: UserCtx<Deps & { events: EventBus; planLimits: PlanLimits }>;
  input: { listingId: string; changes: UpdateListingInput };
}) {
  const statusChangedFor = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND');
    const isOwner = current.landlordId === user.id;
    const { featured, status, ...fields } = input;
    if (!isOwner) {
      if (user.userType !== 'admin') throw new AppError('NOT_FOUND');
      if (Object.keys(fields).length > 0 || status !== undefined) {
        throw new AppError('FORBIDDEN', { message: 'Only the owner may edit this listing.' });
      }
    } else if (featured !== undefined && user.userType !== 'admin') {
      throw new AppError('FORBIDDEN', { message: 'Only Stoop staff can feature a listing.' });
    }

    const changes: Partial<ListingRow> = withDerivedFields(fields, current);
    if (featured !== undefined) changes.featured = featured;
    const merged: ListingRow = { ...current, ...changes };
    const issues = crossFieldIssues(merged);
    if (issues.length) throw invalid(issues);

    if (status !== undefined && status !== current.status) {
      // Taken down by an admin: only their restore brings it back (decision 034).
      if (current.unpublishedAt !== null) throw new AppError('LISTING_UNPUBLISHED');
      if (
        !STATUS_TRANSITIONS[current.status as keyof typeof STATUS_TRANSITIONS]?.includes(status)
      ) {
        throw new AppError('CONFLICT', {
          message: `A ${current.status} listing cannot become ${status}.`,
        });
      }
      changes.status = status;
      merged.status = status;
      // "Newest" means newest on the market: (re)publishing stamps the time.
      if (status === 'active') {
        changes.publishedAt = new Date();
        await checkPlanLimit(tx, planLimits, current.landlordId);
      }
    }
    if (merged.status === 'active') {
      const [photos] = await tx
        .select({ n: count() })
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listingId));
      const missing = missingForPublish(merged, photos?.n ?? 0);
      if (missing.length) {
        const fields = missing.map((m) => m.path).join(', ');
        throw invalid(missing, `Before publishing, complete: ${fields}.`);
      }
    }
    await tx
      .update(listings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(listings.id, listingId));
    // Staff featuring through this route is an admin action like the admin console's.
    if (!isOwner && featured !== undefined && featured !== current.featured) {
      await recordAudit(tx, {
        actorId: user.id,
        action: featured ? 'listing.feature' : 'listing.unfeature',
        targetType: 'listing',
        targetId: listingId,
        targetLabel: current.title,
        details: { from: current.status, to: current.status },
      });
    }
    return changes.status === undefined ? null : current.landlordId;
  });
  if (statusChangedFor) await listingCountsChanged({ db, events }, statusChangedFor);
  return readListing({ db, storage }, listingId, user.id);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Publishing one more must fit the landlord's plan (PLAN_LIMIT otherwise); locks until commit. */
async function checkPlanLimit(tx: Tx, planLimits: PlanLimits, landlordId: string) {
  const ctx = { db: tx };
  await planLimits.lockPlanUsage({ ctx, input: { landlordId } });
  const [live] = await tx
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.landlordId, landlordId), publicListing(listings)));
  await planLimits.assertWithinPlan({
    ctx,
    input: { landlordId, activeAfter: (live?.n ?? 0) + 1 },
  });
}

/** A landlord's public listings (billing: plan usage). */
export async function countLandlordActiveListings({
  ctx: { db },
  input: { landlordId },
}: {
  ctx: { db: Pick<Db, 'select'> };
  input: { landlordId: string };
}): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.landlordId, landlordId), publicListing(listings)));
  return row?.n ?? 0;
}

/**
 * Billing: a plan that no longer covers them (unpaid after the grace period, or a downgrade)
 * sends the listings beyond `keep` back to draft, the newest published kept. Draft, because the
 * state machine lets active go only to draft, rented or archived, and only draft is honest: the
 * unit is neither let nor withdrawn, and one click republishes it once the plan allows.
 */
export async function pauseListingsBeyond({
  ctx: { db },
  input: { landlordId, keep },
}: {
  ctx: { db: Pick<Db, 'execute'> };
  input: { landlordId: string; keep: number };
}): Promise<{ id: string; title: string }[]> {
  const result = await db.execute<{ id: string; title: string }>(sql`
    update ${listings} set status = 'draft', updated_at = now()
    where id in (
      select ${listings.id} from ${listings}
      where ${listings.landlordId} = ${landlordId} and ${publicListing(listings)}
      order by ${listings.publishedAt} desc nulls last, ${listings.id}
      offset ${keep}
    )
    returning id, title`);
  return result.rows;
}

/**
 * Account deletion (decision 039): every listing of the landlord is archived and unfeatured, so
 * no one finds it again (the search index follows through `listing_changes`). The rows stay:
 * conversations and tours keep their context. Returns how many were still up.
 */
export async function takeDownListingsOfDeletedLandlord({
  ctx: { db },
  input: { landlordId },
}: {
  ctx: { db: Pick<Db, 'execute'> };
  input: { landlordId: string };
}): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    update ${listings} set status = 'archived', featured = false, updated_at = now()
    where ${listings.landlordId} = ${landlordId}
      and (${listings.status} <> 'archived' or ${listings.featured})
    returning id`);
  return result.rows.length;
}

/** How many listings are public, for the sitemap's paging. */
export async function countActiveListings({ ctx: { db } }: { ctx: Ctx }) {
  const [row] = await db.select({ n: count() }).from(listings).where(publicListing(listings));
  return row?.n ?? 0;
}

/** One page of active listings for the sitemap, in a stable order (by id). */
export async function sitemapEntries({
  ctx: { db },
  input: { page, size },
}: {
  ctx: Ctx;
  input: { page: number; size: number };
}) {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(publicListing(listings))
    .orderBy(asc(listings.id))
    .offset(page * size)
    .limit(size);
}
