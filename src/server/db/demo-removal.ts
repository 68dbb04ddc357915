import { arrayOverlaps, eq, inArray, like, sql } from 'drizzle-orm';
import { variantKey } from '../lib/images.ts';
import type { MediaStorage } from '../lib/storage.ts';
import type { Db } from './client.ts';
import { renterDocuments, signedOffers } from './schema/applications.ts';
import { passwordResetRequests, signInFailures, users } from './schema/auth.ts';
import { landlordProfiles } from './schema/billing.ts';
import { listingPhotos, listings } from './schema/listings.ts';
import { outboxEmails } from './schema/mail.ts';
import { notePhotos, notes } from './schema/notes.ts';

/*
 * The demo data's accounts all live under one reserved domain (`.test`, RFC 2606) and share a
 * password the README prints: a production database must not keep them (decision 047).
 */
export const DEMO_EMAIL_PATTERN = '%@stoop.test';
export const REMOVE_DEMO_COMMAND = 'npm run db:remove-demo';

/** Demo accounts still present (deleted-account tombstones have other addresses). */
export async function countDemoAccounts(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, DEMO_EMAIL_PATTERN));
  return row?.count ?? 0;
}

export type DemoRemoval = {
  accounts: number;
  listings: number;
  photoFiles: number;
  /** Renters' application documents (issue 28), private files like note photos. */
  documentFiles: number;
};

/**
 * Deletes every demo account and everything that is theirs (listings, conversations, tours,
 * notes, billing, mail) in one transaction: the rows go by the users' cascades, which also fire
 * the search change log and the session notices. Photo and document files go after the commit,
 * so a failed removal never leaves rows pointing at deleted files.
 */
export async function removeDemoData(db: Db, storage: MediaStorage): Promise<DemoRemoval> {
  const { removal, keys } = await db.transaction(async (tx) => {
    const demo = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, DEMO_EMAIL_PATTERN));
    if (demo.length === 0) {
      return {
        removal: { accounts: 0, listings: 0, photoFiles: 0, documentFiles: 0 },
        keys: [] as string[],
      };
    }
    const ids = demo.map((u) => u.id);
    const emails = demo.map((u) => u.email);
    const photoRows = [
      ...(await tx
        .select({ key: listingPhotos.storageKey, widths: listingPhotos.widths })
        .from(listingPhotos)
        .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
        .where(inArray(listings.landlordId, ids))),
      ...(await tx
        .select({ key: notePhotos.storageKey, widths: notePhotos.widths })
        .from(notePhotos)
        .innerJoin(notes, eq(notes.id, notePhotos.noteId))
        .where(inArray(notes.userId, ids))),
      ...(await tx
        .select({ key: landlordProfiles.photoKey, widths: landlordProfiles.photoWidths })
        .from(landlordProfiles)
        .where(inArray(landlordProfiles.landlordId, ids))),
    ];
    const documentKeys = (
      await tx
        .select({ key: renterDocuments.storageKey })
        .from(renterDocuments)
        .where(inArray(renterDocuments.userId, ids))
    ).map((row) => row.key);
    // Offers signed in the demo bind nobody: they go with it (a real one is kept 3 years).
    const offerKeys = (
      await tx
        .delete(signedOffers)
        .where(arrayOverlaps(signedOffers.partyIds, ids))
        .returning({ key: signedOffers.storageKey })
    ).map((row) => row.key);
    const removedListings = await tx
      .delete(listings)
      .where(inArray(listings.landlordId, ids))
      .returning({ id: listings.id });
    // Rows kept by address rather than by user id.
    await tx.delete(outboxEmails).where(inArray(outboxEmails.to, emails));
    await tx.delete(signInFailures).where(inArray(signInFailures.email, emails));
    await tx.delete(passwordResetRequests).where(inArray(passwordResetRequests.email, emails));
    await tx.delete(users).where(inArray(users.id, ids));
    const photoKeys = photoRows.flatMap(({ key, widths }) =>
      key && widths ? widths.map((width) => variantKey(key, width)) : [],
    );
    return {
      removal: {
        accounts: demo.length,
        listings: removedListings.length,
        photoFiles: photoKeys.length,
        documentFiles: documentKeys.length,
      },
      keys: [...photoKeys, ...documentKeys, ...offerKeys],
    };
  });
  // Batches, so an S3 bucket gets requests of a sensible size.
  for (let i = 0; i < keys.length; i += 500) await storage.delete(keys.slice(i, i + 500));
  return removal;
}
