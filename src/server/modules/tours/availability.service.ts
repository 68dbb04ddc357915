import { eq } from 'drizzle-orm';
import {
  type Availability,
  type AvailabilityInput,
  type ListingTourSettings,
  type TourSettings,
  type TourSettingsInput,
  TourSettingsSchema,
} from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import { landlordAvailability, listingTourSettings } from '../../db/schema/tours.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx, ViewerCtx } from '../../lib/service.ts';
import { publicListing, visibleListing } from '../listings/listings.service.ts';
import {
  type ListingTourContext,
  readAvailability,
  readListingTourContext,
  toAvailability,
} from './availability-store.ts';
import { offerAfterNewHours } from './waitlist-queue.ts';

/*
 * A landlord's hours (`/api/landlord/availability`) and a listing's tour settings
 * (`/api/listings/{id}/tour-settings`). Writes replace the fields given and keep the rest.
 */

/** `GET /api/landlord/availability`: the saved hours, or closed every day with the defaults. */
export async function getAvailability({ ctx }: { ctx: UserCtx }): Promise<Availability> {
  return readAvailability(ctx.db, ctx.user.id);
}

/** `PUT /api/landlord/availability`: the fields given replace the saved ones. */
export async function saveAvailability({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: AvailabilityInput;
}): Promise<Availability> {
  return ctx.db.transaction(async (tx) => {
    // Lock the landlord's row (made first if missing): two saves must not both merge onto the
    // same old hours and lose one's change.
    const defaults = toAvailability(null);
    await tx
      .insert(landlordAvailability)
      .values({
        landlordId: ctx.user.id,
        weeklyHours: defaults.weeklyHours,
        tourDefaults: defaults.tourDefaults,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(landlordAvailability)
      .where(eq(landlordAvailability.landlordId, ctx.user.id))
      .for('update');
    const current = toAvailability(row);
    const next: Availability = {
      timeZone: input.timeZone ?? current.timeZone,
      weeklyHours: input.weeklyHours ?? current.weeklyHours,
      overrides: sortByDate(input.overrides ?? current.overrides),
      vacations: input.vacations ?? current.vacations,
      tourDefaults: { ...current.tourDefaults, ...input.tourDefaults },
    };
    await tx
      .update(landlordAvailability)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(landlordAvailability.landlordId, ctx.user.id));
    // New hours may open slots for renters on a waitlist.
    await offerAfterNewHours(tx, { landlordId: ctx.user.id });
    return next;
  });
}

function sortByDate<T extends { date: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.date.localeCompare(b.date));
}

function toListingSettings(context: ListingTourContext): ListingTourSettings {
  return {
    ...context.settings,
    listingId: context.listingId,
    inherited: context.inherited,
    timeZone: context.availability.timeZone,
  };
}

/** `GET /api/listings/{id}/tour-settings`: for anyone who can see the listing. */
export async function getListingTourSettings({
  ctx: { db, user },
  input: { listingId },
}: {
  ctx: ViewerCtx;
  input: { listingId: string };
}): Promise<ListingTourSettings> {
  const visible = user ? visibleListing(listings, user.id) : publicListing(listings);
  const context = await readListingTourContext(db, listingId, visible);
  if (!context) throw new AppError('NOT_FOUND');
  return toListingSettings(context);
}

/**
 * `PUT /api/listings/{id}/tour-settings` (the owner): the fields given are merged onto the
 * effective settings and saved as the listing's own; `inherit: true` drops them instead.
 */
export async function updateListingTourSettings({
  ctx,
  input: { listingId, changes },
}: {
  ctx: UserCtx;
  input: { listingId: string; changes: TourSettingsInput };
}): Promise<ListingTourSettings> {
  const { inherit, ...fields } = changes;
  if (inherit && Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Send either inherit: true or settings to change, not both.',
      details: [{ path: 'inherit', message: 'Send either inherit: true or settings, not both.' }],
    });
  }
  return ctx.db.transaction(async (tx) => {
    // Another landlord's listing is not found, like any listing that is not yours.
    const mine = eq(listings.landlordId, ctx.user.id);
    const context = await readListingTourContext(tx, listingId, mine);
    if (!context) throw new AppError('NOT_FOUND');
    if (inherit) {
      await tx.delete(listingTourSettings).where(eq(listingTourSettings.listingId, listingId));
      return toListingSettings({
        ...context,
        settings: context.availability.tourDefaults,
        inherited: true,
      });
    }
    const settings: TourSettings = TourSettingsSchema.parse({ ...context.settings, ...fields });
    await tx
      .insert(listingTourSettings)
      .values({ listingId, settings })
      .onConflictDoUpdate({
        target: listingTourSettings.listingId,
        set: { settings, updatedAt: new Date() },
      });
    await offerAfterNewHours(tx, { listingId });
    return toListingSettings({ ...context, settings, inherited: false });
  });
}
