import { and, desc, eq, lte, max, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { BOOST_PRICE_PER_DAY_CENTS } from '../../../shared/billing-plans.ts';
import type { Boost } from '../../../shared/schemas/billing.ts';
import { listingBoosts } from '../../db/schema/billing.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../lib/jobs/jobs.ts';
import { transactionWithEvents } from '../events/events.service.ts';
import { isListingPublic } from '../listings/listings.service.ts';
import { BILLING_ZONE, periodLabel } from './billing-math.ts';
import { chargeInvoice, createInvoice } from './invoices.ts';
import { type BillingDeps, type Executor, readSubscriptionRow } from './subscription-store.ts';

/*
 * Featured placement bought for a listing: charged at once on an invoice of its own. A listing
 * already boosted gets the new days after the current ones. Expiry is a job at the end (and the
 * hourly cycle sweeps any it missed).
 */

type BoostRow = typeof listingBoosts.$inferSelect;

function toBoost(row: BoostRow, listingTitle: string): Boost {
  return {
    id: row.id,
    listingId: row.listingId,
    listingTitle,
    days: row.days,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    amountCents: row.amountCents,
    status: row.status as Boost['status'],
  };
}

function addDays(at: Date, days: number): Date {
  const end = Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(BILLING_ZONE)
    .add({ days });
  return new Date(end.epochMilliseconds);
}

/** `POST /api/billing/boosts`: 201 with the boost, paid; nothing changes on a refused card. */
export async function buyBoost(
  deps: BillingDeps,
  landlordId: string,
  input: { listingId: string; days: number },
  now = new Date(),
): Promise<Boost> {
  return transactionWithEvents(deps, async (tx) => {
    const [listing] = await tx
      .select({ id: listings.id, title: listings.title, status: listings.status })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), eq(listings.landlordId, landlordId)))
      .for('update');
    if (!listing) throw new AppError('NOT_FOUND', { message: 'Listing not found.' });
    if (!isListingPublic(listing)) {
      throw new AppError('CONFLICT', {
        message: 'Only a published listing can be featured. Publish it first.',
      });
    }
    const sub = await readSubscriptionRow(tx, landlordId, { lock: true });
    if (sub?.status === 'past_due') {
      throw new AppError('CONFLICT', {
        message: 'Your last payment did not go through. Update your card to pay it first.',
      });
    }
    if (!sub?.paymentMethod) {
      throw new AppError('PAYMENT_FAILED', {
        message: 'Add a card on the Billing page to buy featured placement.',
      });
    }
    const [latest] = await tx
      .select({ endsAt: max(listingBoosts.endsAt) })
      .from(listingBoosts)
      .where(and(eq(listingBoosts.listingId, listing.id), eq(listingBoosts.status, 'active')));
    const startsAt = latest?.endsAt && latest.endsAt > now ? latest.endsAt : now;
    const endsAt = addDays(startsAt, input.days);
    const amountCents = input.days * BOOST_PRICE_PER_DAY_CENTS;
    const [boost] = await tx
      .insert(listingBoosts)
      .values({
        landlordId,
        listingId: listing.id,
        days: input.days,
        startsAt,
        endsAt,
        amountCents,
        status: 'active',
      })
      .returning();
    if (!boost) throw new Error('boost insert returned nothing');
    const period = { start: startsAt, end: endsAt };
    const invoice = await createInvoice(tx, {
      landlordId,
      period,
      lines: [
        {
          kind: 'boost',
          description: `Featured placement: ${listing.title}, ${input.days} day${input.days === 1 ? '' : 's'} (${periodLabel(period)})`,
          amountCents,
          periodStart: startsAt,
          periodEnd: endsAt,
          boostId: boost.id,
        },
      ],
      now,
    });
    const charged = await chargeInvoice(tx, deps.provider, sub, invoice, now);
    if (!charged.ok) {
      throw new AppError('PAYMENT_FAILED', {
        message: `${charged.message} The listing was not featured; try another card.`,
      });
    }
    await enqueueJob(tx, 'billing.boost-expire', { boostId: boost.id }, { runAt: endsAt });
    return toBoost(boost, listing.title);
  });
}

/** The landlord's boosts, newest first. */
export async function listBoostsOf(db: Executor, landlordId: string): Promise<Boost[]> {
  const rows = await db
    .select({ boost: listingBoosts, title: listings.title })
    .from(listingBoosts)
    .innerJoin(listings, eq(listings.id, listingBoosts.listingId))
    .where(eq(listingBoosts.landlordId, landlordId))
    .orderBy(desc(listingBoosts.createdAt))
    .limit(200);
  return rows.map((row) => toBoost(row.boost, row.title));
}

/** Boosts past their end: expired. Idempotent (the job at the end, and the hourly sweep). */
export async function expireBoosts(db: Executor, now = new Date(), boostId?: string) {
  const result = await db
    .update(listingBoosts)
    .set({ status: 'expired' })
    .where(
      and(
        eq(listingBoosts.status, 'active'),
        lte(listingBoosts.endsAt, now),
        boostId ? eq(listingBoosts.id, boostId) : sql`true`,
      ),
    )
    .returning({ id: listingBoosts.id });
  return result.length;
}
