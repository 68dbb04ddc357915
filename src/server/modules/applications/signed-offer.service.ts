import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Offer } from '../../../shared/schemas/applications.ts';
import {
  HOUSEHOLD_LIMITS,
  SIGNATURE_MISMATCH_MESSAGE,
  sameLegalName,
} from '../../../shared/schemas/households.ts';
import type { RenterProfileData } from '../../../shared/schemas/renter-profile.ts';
import type { Db } from '../../db/client.ts';
import { applicationMembers, applications, signedOffers } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { type MediaObject, type MediaStorage, PRIVATE_MEDIA_PREFIX } from '../../lib/storage.ts';
import type { EventsTransaction } from '../events/events.service.ts';
import { renderOfferPdf } from './offer-pdf.ts';

/*
 * The signed offer (issue 29): the primary applicant types their full legal name to accept;
 * Stoop renders the offer and every fee as a PDF, keeps it privately for 3 years after the
 * application closes (the application and the accounts may go sooner), and answers it to the
 * landlord and everyone who was on the application.
 */

export const offerNotFound = () => new AppError('NOT_FOUND', { message: 'Signed offer not found' });

/**
 * Checks the signature against the legal name the application was sent under, renders and
 * stores the PDF, and records who may download it. Runs inside the acceptance's transaction;
 * the stored file is removed again when that transaction fails.
 */
export async function signOffer(
  tx: EventsTransaction,
  storage: MediaStorage,
  input: { id: string; signature: string; closedAt: Date },
): Promise<{ signedBy: string }> {
  const [row] = await tx
    .select({
      profile: applications.profile,
      offer: applications.offer,
      renterId: applications.renterId,
      landlordId: applications.landlordId,
      title: listings.title,
      neighborhood: listings.neighborhood,
      landlordName: users.name,
    })
    .from(applications)
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .innerJoin(users, eq(users.id, applications.landlordId))
    .where(eq(applications.id, input.id));
  if (!row?.offer) throw new AppError('APPLICATION_STATE');
  const legalName = row.profile.legalName ?? '';
  if (!sameLegalName(input.signature, legalName)) {
    throw new AppError('VALIDATION_ERROR', {
      message: SIGNATURE_MISMATCH_MESSAGE,
      details: [{ path: 'signature', message: SIGNATURE_MISMATCH_MESSAGE }],
    });
  }
  const members = await tx
    .select({
      role: applicationMembers.role,
      userId: applicationMembers.userId,
      profile: applicationMembers.profile,
    })
    .from(applicationMembers)
    .where(eq(applicationMembers.applicationId, input.id))
    .orderBy(applicationMembers.role, applicationMembers.invitedAt, applicationMembers.id);
  const joined = members.filter(
    (m): m is { role: string; userId: string; profile: RenterProfileData } =>
      m.userId !== null && m.profile !== null,
  );
  const signedAt = new Date();
  const pdf = await renderOfferPdf({
    applicationId: input.id,
    listing: { title: row.title, neighborhood: row.neighborhood },
    landlordName: row.landlordName,
    household: [
      { name: legalName, role: 'primary' },
      ...joined.map((m) => ({
        name: m.profile.legalName ?? '',
        role: m.role as 'co_applicant' | 'guarantor',
      })),
    ],
    offer: row.offer as Offer,
    // It matched: the record carries the name as the application does, not as typed.
    signature: legalName,
    signedAt,
  });
  const storageKey = `${PRIVATE_MEDIA_PREFIX}offers/${randomBytes(16).toString('hex')}.bin`;
  await storage.put(storageKey, Buffer.from(pdf), 'application/pdf');
  try {
    const keepUntil = new Date(input.closedAt);
    keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + HOUSEHOLD_LIMITS.signedOfferYears);
    await tx.insert(signedOffers).values({
      applicationId: input.id,
      landlordId: row.landlordId,
      partyIds: [row.renterId, ...joined.map((m) => m.userId), row.landlordId],
      storageKey,
      signedBy: legalName,
      signedAt,
      deleteAfter: keepUntil,
    });
  } catch (error) {
    await storage.delete([storageKey]);
    throw error;
  }
  return { signedBy: legalName };
}

/** `GET /api/applications/{id}/offer.pdf`: for the landlord and everyone who was on it. */
export async function openSignedOffer({
  ctx: { db, storage, user },
  input: { id },
}: {
  ctx: { db: Db; storage: MediaStorage; user: { id: string } };
  input: { id: string };
}): Promise<{ object: MediaObject; signedAt: Date }> {
  const [row] = await db
    .select({ storageKey: signedOffers.storageKey, signedAt: signedOffers.signedAt })
    .from(signedOffers)
    .where(
      and(
        eq(signedOffers.applicationId, id),
        sql`${user.id}::uuid = any(${signedOffers.partyIds})`,
      ),
    );
  const object = row ? await storage.open(row.storageKey) : null;
  if (!row || !object) throw offerNotFound();
  return { object, signedAt: row.signedAt };
}

/**
 * The daily job's work: signed offers past their 3 years, files first, then rows (a failed
 * delete leaves the row for the next run, never a file nobody can find); returns how many.
 */
export async function deleteExpiredOffers(db: Db, storage: MediaStorage): Promise<number> {
  const expired = await db
    .select({ id: signedOffers.applicationId, storageKey: signedOffers.storageKey })
    .from(signedOffers)
    .where(lte(signedOffers.deleteAfter, sql`now()`))
    .limit(500);
  if (expired.length === 0) return 0;
  await storage.delete(expired.map((o) => o.storageKey));
  await db.delete(signedOffers).where(
    inArray(
      signedOffers.applicationId,
      expired.map((o) => o.id),
    ),
  );
  return expired.length;
}
