import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { DELETED_USER } from '../../../shared/messaging.ts';
import type { Db } from '../../db/client.ts';
import { alertPreferences, alerts, savedSearches } from '../../db/schema/alerts.ts';
import {
  applicationMembers,
  applications,
  renterDocuments,
  renterProfiles,
} from '../../db/schema/applications.ts';
import {
  accounts,
  passwordResetRequests,
  sessions,
  signInFailures,
  users,
  verifications,
} from '../../db/schema/auth.ts';
import { landlordProfiles } from '../../db/schema/billing.ts';
import { savedListings } from '../../db/schema/listings.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { events, messageSendCounters, userEventCounters } from '../../db/schema/messaging.ts';
import { notePhotos, notes } from '../../db/schema/notes.ts';
import { landlordAvailability } from '../../db/schema/tours.ts';
import { variantKey } from '../../lib/images.ts';

/*
 * The plain erasure half of account deletion (decision 039): rows that hold nothing but the
 * user's own data, deleted by user id (or by their address), and the tombstone that stays in
 * `users`. The steps with behaviour (tours, waitlists, listings, billing, live streams) go
 * through their modules' services in account-deletion.ts. Everything runs in one transaction.
 */

type Tx = Pick<Db, 'select' | 'update' | 'delete' | 'execute'>;

/** An address nobody can own or type into a form: unique per user, `.invalid` by RFC 2606. */
export function tombstoneEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Storage keys of the user's uploaded files (note photos, landlord profile photo, renter
 * documents), for after the commit.
 */
async function fileKeys(tx: Tx, userId: string): Promise<string[]> {
  const notePhotoRows = await tx
    .select({ key: notePhotos.storageKey, widths: notePhotos.widths })
    .from(notePhotos)
    .innerJoin(notes, eq(notes.id, notePhotos.noteId))
    .where(eq(notes.userId, userId));
  const profileRows = await tx
    .select({ key: landlordProfiles.photoKey, widths: landlordProfiles.photoWidths })
    .from(landlordProfiles)
    .where(eq(landlordProfiles.landlordId, userId));
  const documentRows = await tx
    .select({ key: renterDocuments.storageKey })
    .from(renterDocuments)
    .where(eq(renterDocuments.userId, userId));
  return [
    ...[...notePhotoRows, ...profileRows].flatMap(({ key, widths }) =>
      key && widths ? widths.map((width) => variantKey(key, width)) : [],
    ),
    ...documentRows.map(({ key }) => key),
  ];
}

/**
 * Deletes the user's own data and turns their row into the tombstone. Returns how many
 * sessions ended and the files to delete once the transaction has committed.
 */
export async function eraseAccountData(
  tx: Tx,
  user: { id: string; email: string },
): Promise<{ sessionsEnded: number; fileKeys: string[] }> {
  const userId = user.id;
  const keys = await fileKeys(tx, userId);
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  // The password: nobody signs in as a tombstone, not even with the old address.
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  // Password reset links (better-auth stores the user id as the value) and other pending tokens.
  await tx
    .delete(verifications)
    .where(
      and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')),
    );
  await tx.delete(passwordResetRequests).where(eq(passwordResetRequests.email, user.email));
  await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
  await tx.delete(savedListings).where(eq(savedListings.userId, userId));
  await tx.delete(alerts).where(eq(alerts.userId, userId));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
  await tx.delete(alertPreferences).where(eq(alertPreferences.userId, userId));
  await tx.delete(notes).where(eq(notes.userId, userId));
  await tx.delete(renterDocuments).where(eq(renterDocuments.userId, userId));
  await tx.delete(renterProfiles).where(eq(renterProfiles.userId, userId));
  // The renter's applications carry a copy of their profile (their documents and timeline go with them).
  await tx.delete(applications).where(eq(applications.renterId, userId));
  // Their places on others' applications, with the documents they sent (issue 29). A signed
  // offer stays: it is kept 3 years whoever goes (signed-offer.service.ts).
  await tx.delete(applicationMembers).where(eq(applicationMembers.userId, userId));
  await tx.delete(landlordProfiles).where(eq(landlordProfiles.landlordId, userId));
  await tx.delete(landlordAvailability).where(eq(landlordAvailability.landlordId, userId));
  await tx.delete(messageSendCounters).where(eq(messageSendCounters.userId, userId));
  await tx.delete(events).where(eq(events.userId, userId));
  await tx.delete(userEventCounters).where(eq(userEventCounters.userId, userId));
  // Mail to them not yet delivered (a tour cancelled just now tells only the other side).
  await tx
    .delete(outboxEmails)
    .where(and(eq(outboxEmails.to, user.email), isNull(outboxEmails.sentAt)));
  await tx
    .update(users)
    .set({
      name: DELETED_USER,
      email: tombstoneEmail(userId),
      emailVerified: false,
      image: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return { sessionsEnded: ended.length, fileKeys: keys };
}

/** True when another admin (active, not deleted) would be left after `userId` goes. */
export async function anotherAdminLeft(tx: Tx, userId: string): Promise<boolean> {
  // One deletion of an admin at a time: two last admins deleting at once cannot both pass.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('account:last-admin', 0))`);
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.userType, 'admin'),
        isNull(users.deletedAt),
        isNull(users.suspendedAt),
        sql`${users.id} <> ${userId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
