import { and, eq } from 'drizzle-orm';
import {
  type ApplicationSettings,
  type ApplicationSettingsView,
  DEFAULT_APPLICATION_SETTINGS,
} from '../../../shared/schemas/application-settings.ts';
import type { DocumentKind } from '../../../shared/schemas/renter-documents.ts';
import { listingApplicationSettings } from '../../db/schema/applications.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserCtx, ViewerCtx } from '../../lib/service.ts';
import { publicListing, visibleListing } from '../listings/listings.service.ts';
import type { Executor } from './application-view.ts';

/** A listing's criteria: its own row, or the defaults (applications taken, nothing asked). */
export async function readApplicationSettings(
  db: Executor,
  listingId: string,
): Promise<ApplicationSettings> {
  const [row] = await db
    .select({
      acceptingApplications: listingApplicationSettings.acceptingApplications,
      incomeMultiple: listingApplicationSettings.incomeMultiple,
      guarantorIncomeMultiple: listingApplicationSettings.guarantorIncomeMultiple,
      requiredDocuments: listingApplicationSettings.requiredDocuments,
    })
    .from(listingApplicationSettings)
    .where(eq(listingApplicationSettings.listingId, listingId));
  if (!row) return DEFAULT_APPLICATION_SETTINGS;
  return { ...row, requiredDocuments: row.requiredDocuments as DocumentKind[] };
}

/** `GET /api/listings/{id}/application-settings`: for anyone who can see the listing. */
export async function getApplicationSettings({
  ctx: { db, user },
  input: { listingId },
}: {
  ctx: ViewerCtx;
  input: { listingId: string };
}): Promise<ApplicationSettingsView> {
  const visible = user ? visibleListing(listings, user.id) : publicListing(listings);
  const [listing] = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.id, listingId), visible));
  if (!listing) throw new AppError('NOT_FOUND');
  return { settings: await readApplicationSettings(db, listingId), listing };
}

/** `PUT /api/listings/{id}/application-settings`: the owner states the criteria, whole. */
export async function saveApplicationSettings({
  ctx: { db, user },
  input: { listingId, settings },
}: {
  ctx: UserCtx;
  input: { listingId: string; settings: ApplicationSettings };
}): Promise<{ settings: ApplicationSettings }> {
  // Another landlord's listing is not found, like any listing that is not yours.
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.landlordId, user.id)));
  if (!listing) throw new AppError('NOT_FOUND');
  const values = { ...settings, updatedAt: new Date() };
  await db
    .insert(listingApplicationSettings)
    .values({ listingId, ...values })
    .onConflictDoUpdate({ target: listingApplicationSettings.listingId, set: values });
  return { settings: await readApplicationSettings(db, listingId) };
}
