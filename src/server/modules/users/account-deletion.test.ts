import { and, eq, ilike, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETED_USER } from '../../../shared/messaging.ts';
import { AdminUsersSchema } from '../../../shared/schemas/admin.ts';
import {
  ConversationResponseSchema,
  MESSAGING_MESSAGES,
} from '../../../shared/schemas/messaging.ts';
import { LAST_ADMIN_MESSAGE } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema/alerts.ts';
import { renterDocuments } from '../../db/schema/applications.ts';
import { accounts, sessions, users } from '../../db/schema/auth.ts';
import { landlordProfiles, subscriptions } from '../../db/schema/billing.ts';
import { listings, savedListings } from '../../db/schema/listings.ts';
import { outboxEmails } from '../../db/schema/mail.ts';
import { events } from '../../db/schema/messaging.ts';
import { adminAuditLog } from '../../db/schema/moderation.ts';
import { notePhotos, notes } from '../../db/schema/notes.ts';
import { tours, waitlistEntries } from '../../db/schema/tours.ts';
import { adminPerson, errorOf } from '../../test/admin-fixtures.ts';
import { saveSearch } from '../../test/alert-fixtures.ts';
import { onPlan } from '../../test/billing-fixtures.ts';
import { uploadDocument } from '../../test/document-fixtures.ts';
import { publishListing, testJpeg, uploadPhotoTo } from '../../test/listing-fixtures.ts';
import { openConversation, type Person, person, send } from '../../test/messaging-fixtures.ts';
import { makeNote } from '../../test/note-fixtures.ts';
import { createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';
import { booked, openAllDay, slotIn } from '../../test/tour-fixtures.ts';
import { tombstoneEmail } from './account-erasure.ts';

/**
 * `DELETE /api/me` (issue 17, decision 039): signed out 401, a missing or wrong password changes
 * nothing, the right one ends every session and erases the user's data, while the other
 * participant keeps the conversation (read-only) under "Deleted user", tours are cancelled with
 * notice, a landlord's listings and subscription end, and the last admin cannot go.
 */

const { app, client, db, deps } = await createTestApp();

/** What a renter leaves behind: counted before and after. */
async function footprint(database: Db, userId: string) {
  const count = (table: Parameters<Db['$count']>[0], where: ReturnType<typeof eq>) =>
    database.$count(table, where);
  return {
    sessions: await count(sessions, eq(sessions.userId, userId)),
    accounts: await count(accounts, eq(accounts.userId, userId)),
    savedListings: await count(savedListings, eq(savedListings.userId, userId)),
    savedSearches: await count(savedSearches, eq(savedSearches.userId, userId)),
    notes: await count(notes, eq(notes.userId, userId)),
  };
}

async function userRow(userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** A renter with a second signed-in "device", a saved listing, a saved search and a note. */
async function busyRenter(listingId: string): Promise<Person & { device: Person['client'] }> {
  const renter = await person(client, 'renter');
  const device = client.fork();
  expect((await device.signIn(renter.email)).status).toBe(200);
  expect((await renter.client.request('PUT', `/api/saved-listings/${listingId}`)).status).toBe(201);
  await saveSearch(renter);
  await makeNote(renter);
  return { ...renter, device };
}

const landlord = await person(client, 'landlord');
const listing = await publishListing(app, landlord.client);
await openAllDay(db, landlord.id);

describe('DELETE /api/me refusals change nothing', () => {
  it('answers 401 signed out, with or without a body', async () => {
    const visitor = client.fork();
    expect((await visitor.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(401);
    expect((await visitor.delete('/api/me')).status).toBe(401);
  });

  it('answers 400 without a password and 401 for a wrong one; nothing is deleted', async () => {
    const renter = await busyRenter(listing.id);
    const before = await footprint(db, renter.id);
    expect(before).toEqual({
      sessions: 2,
      accounts: 1,
      savedListings: 1,
      savedSearches: 1,
      notes: 1,
    });

    const missing = await renter.client.delete('/api/me', {});
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Please enter your password.',
    });
    const noBody = await renter.client.delete('/api/me');
    expect(noBody.status).toBe(400);
    const wrong = await renter.client.delete('/api/me', { password: 'not-my-password' });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect password.',
    });

    expect(await footprint(db, renter.id)).toEqual(before);
    expect((await userRow(renter.id))?.deletedAt).toBeNull();
    expect((await renter.client.get('/api/me')).status).toBe(200);
    expect((await renter.device.get('/api/me')).status).toBe(200);
    expect((await renter.client.get('/api/saved-listings')).status).toBe(200);
  });
});

describe('DELETE /api/me as a renter', () => {
  it('erases their data, ends every session, keeps their messages as "Deleted user"', async () => {
    const bystander = await busyRenter(listing.id);
    const bystanderBefore = await footprint(db, bystander.id);
    const renter = await busyRenter(listing.id);
    const conversation = await openConversation(renter, landlord, listing.id);
    await send(renter, conversation.id, 'Is the apartment still available?');
    await send(landlord, conversation.id, 'Yes, come and see it.');
    const tour = await booked(renter, listing.id, slotIn(48));

    const res = await renter.client.delete('/api/me', { password: TEST_PASSWORD });
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session_token=;.*max-age=0/i);

    // Every device is signed out, at once.
    expect((await renter.client.get('/api/me')).status).toBe(401);
    expect((await renter.device.get('/api/me')).status).toBe(401);
    expect(await footprint(db, renter.id)).toEqual({
      sessions: 0,
      accounts: 0,
      savedListings: 0,
      savedSearches: 0,
      notes: 0,
    });
    const tombstone = await userRow(renter.id);
    expect(tombstone).toMatchObject({
      name: DELETED_USER,
      email: tombstoneEmail(renter.id),
      image: null,
    });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);

    // The tour is cancelled, and the landlord was told (mail and a note in the conversation).
    const [tourRow] = await db.select().from(tours).where(eq(tours.id, tour.id));
    expect(tourRow).toMatchObject({ status: 'cancelled', cancelledBy: 'renter' });
    const landlordMails = await db.$count(
      outboxEmails,
      and(eq(outboxEmails.to, landlord.email), ilike(outboxEmails.subject, 'Tour cancelled%')),
    );
    expect(landlordMails).toBe(1);
    const toDeleted = await db.$count(
      outboxEmails,
      and(eq(outboxEmails.to, renter.email), sql`${outboxEmails.sentAt} is null`),
    );
    expect(toDeleted).toBe(0);

    // The landlord still reads the whole thread, from "Deleted user", and cannot reply.
    const detail = await landlord.client.get(`/api/conversations/${conversation.id}`);
    expect(detail.status).toBe(200);
    const { conversation: seen } = ConversationResponseSchema.parse(await detail.json());
    expect(seen.otherParticipant).toEqual({
      id: renter.id,
      name: DELETED_USER,
      role: 'renter',
      deleted: true,
    });
    const list = (await (await landlord.client.get('/api/conversations')).json()) as {
      items: { id: string; otherParticipant: { name: string; deleted?: boolean } }[];
    };
    expect(list.items.find((item) => item.id === conversation.id)?.otherParticipant).toMatchObject({
      name: DELETED_USER,
      deleted: true,
    });
    const page = await landlord.client.get(`/api/conversations/${conversation.id}/messages`);
    expect(page.status).toBe(200);
    const contents = ((await page.json()) as { items: { content: string }[] }).items.map(
      (m) => m.content,
    );
    expect(contents).toEqual(
      expect.arrayContaining(['Is the apartment still available?', 'Yes, come and see it.']),
    );
    expect(contents.some((c) => c.startsWith('Tour cancelled'))).toBe(true);
    const reply = await landlord.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Hello?',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(reply.status).toBe(409);
    expect((await errorOf(reply)).message).toBe(MESSAGING_MESSAGES.recipientDeleted);
    const fresh = await landlord.client.post('/api/conversations', { participantId: renter.id });
    expect(fresh.status).toBe(400);

    // Nobody else's data moved.
    expect(await footprint(db, bystander.id)).toEqual(bystanderBefore);
    expect((await bystander.client.get('/api/me')).status).toBe(200);
    expect((await landlord.client.get('/api/me')).status).toBe(200);
    const [listingRow] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(listingRow?.status).toBe('active');

    // An admin-visible trace with no personal data in it.
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, renter.id), eq(adminAuditLog.action, 'user.delete')));
    expect(audit?.targetLabel).toBe(DELETED_USER);
    expect(JSON.stringify(audit)).not.toContain(renter.email);
  });

  it('frees the address: the old password no longer signs in, a new sign-up works', async () => {
    const renter = await person(client, 'renter');
    expect((await renter.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    const again = client.fork();
    const signIn = await again.signIn(renter.email);
    expect(signIn.status).toBe(401);
    await again.signUp({ email: renter.email, name: 'Rita Again' });
    const me = (await (await again.get('/api/me')).json()) as { user: { id: string } };
    expect(me.user.id).not.toBe(renter.id);
    // A second DELETE from the old browser finds no session.
    expect((await renter.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(401);
  });
});

describe('DELETE /api/me as a landlord', () => {
  it('takes their listings down, cancels their tours with notice, cancels billing', async () => {
    const owner = await person(client, 'landlord');
    await onPlan(db, owner.id, 'portfolio');
    const own = await publishListing(app, owner.client);
    await openAllDay(db, owner.id);
    const renter = await person(client, 'renter');
    const tour = await booked(renter, own.id, slotIn(72));

    expect((await owner.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);

    const [row] = await db.select().from(listings).where(eq(listings.landlordId, owner.id));
    expect(row).toMatchObject({ status: 'archived', featured: false });
    expect((await renter.client.get(`/api/listings/${own.id}`)).status).toBe(404);
    const [tourRow] = await db.select().from(tours).where(eq(tours.id, tour.id));
    expect(tourRow).toMatchObject({ status: 'cancelled', cancelledBy: 'landlord' });
    const renterMails = await db.$count(
      outboxEmails,
      and(eq(outboxEmails.to, renter.email), ilike(outboxEmails.subject, 'Tour cancelled%')),
    );
    expect(renterMails).toBe(1);
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.landlordId, owner.id));
    expect(subscription).toMatchObject({
      status: 'canceled',
      planId: 'free',
      cancelAtPeriodEnd: false,
      paymentMethod: null,
    });
    // The renter's side of the tour still reads, with the landlord as "Deleted user".
    const seen = await renter.client.get(`/api/tours/${tour.id}`);
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as { landlord: { name: string } }).landlord.name).toBe(
      DELETED_USER,
    );
  });
});

describe('DELETE /api/me as an admin', () => {
  it('refuses the last admin (409, nothing deleted), then allows it once another exists', async () => {
    // Other test files' admins live in other databases: here, demote any leftover admins first.
    await db.update(users).set({ userType: 'renter' }).where(eq(users.userType, 'admin'));
    const only = await adminPerson(client, db);
    const refused = await only.client.delete('/api/me', { password: TEST_PASSWORD });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'CONFLICT', message: LAST_ADMIN_MESSAGE });
    expect((await only.client.get('/api/me')).status).toBe(200);
    expect((await userRow(only.id))?.deletedAt).toBeNull();

    const second = await adminPerson(client, db, 'Second Admin');
    expect((await only.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    expect((await userRow(only.id))?.deletedAt).toBeInstanceOf(Date);

    // The remaining admin sees a tombstone, which cannot be suspended.
    const seen = await second.client.get(
      `/api/admin/users?q=${encodeURIComponent(tombstoneEmail(only.id))}`,
    );
    expect(seen.status).toBe(200);
    const [user] = AdminUsersSchema.parse(await seen.json()).items;
    expect(user).toMatchObject({ id: only.id, name: DELETED_USER, email: tombstoneEmail(only.id) });
    expect(user?.deletedAt).not.toBeNull();
    const renter = await person(client, 'renter');
    expect((await renter.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    const suspend = await second.client.post(`/api/admin/users/${renter.id}/suspend`, {});
    expect(suspend.status).toBe(409);
    expect((await errorOf(suspend)).message).toBe('This account was deleted by its owner.');
  });
});

describe('DELETE /api/me and waitlists', () => {
  it("drops a renter's places; a landlord's queues close with the renters told", async () => {
    const owner = await person(client, 'landlord');
    const own = await publishListing(app, owner.client);
    await openAllDay(db, owner.id);
    const leaving = await person(client, 'renter');
    const staying = await person(client, 'renter');
    for (const who of [leaving, staying]) {
      const joined = await who.client.post(`/api/listings/${own.id}/waitlist`, {});
      expect(joined.status).toBe(201);
    }
    const statuses = async (renterId: string) =>
      (
        await db
          .select({ status: waitlistEntries.status })
          .from(waitlistEntries)
          .where(eq(waitlistEntries.renterId, renterId))
      ).map((row) => row.status);

    expect((await leaving.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await statuses(leaving.id)).toEqual([]);
    expect(await statuses(staying.id)).toEqual(['waiting']);

    expect((await owner.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await statuses(staying.id)).toEqual(['removed']);
    const told = await db.$count(
      events,
      and(eq(events.userId, staying.id), eq(events.type, 'waitlist.changed')),
    );
    expect(told).toBeGreaterThanOrEqual(2);
  });
});

describe('DELETE /api/me and uploaded photos', () => {
  it('deletes the files of note photos and of the landlord profile photo', async () => {
    const jpeg = await testJpeg();
    const renter = await person(client, 'renter');
    const note = await makeNote(renter);
    const notePhoto = await uploadPhotoTo(app, renter.client, `/api/notes/${note.id}/photos`, jpeg);
    expect(notePhoto.status).toBe(201);
    const owner = await person(client, 'landlord');
    const profilePhoto = await uploadPhotoTo(
      app,
      owner.client,
      '/api/landlord/profile/photo',
      jpeg,
    );
    expect(profilePhoto.status).toBe(201);
    const noteKeys = (
      await db
        .select({ key: notePhotos.storageKey, widths: notePhotos.widths })
        .from(notePhotos)
        .where(eq(notePhotos.noteId, note.id))
    ).flatMap(({ key, widths }) => widths.map((width) => `${key}-${width}.webp`));
    const profileKeys = (
      await db
        .select({ key: landlordProfiles.photoKey, widths: landlordProfiles.photoWidths })
        .from(landlordProfiles)
        .where(eq(landlordProfiles.landlordId, owner.id))
    ).flatMap(({ key, widths }) => (key && widths ? widths.map((w) => `${key}-${w}.webp`) : []));
    const files = [...noteKeys, ...profileKeys];
    expect(noteKeys.length).toBeGreaterThan(0);
    expect(profileKeys.length).toBeGreaterThan(0);
    for (const key of files) expect(await deps.storage.exists(key)).toBe(true);

    expect((await renter.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    expect((await owner.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    for (const key of files) expect(await deps.storage.exists(key)).toBe(false);
    expect(await db.$count(landlordProfiles, eq(landlordProfiles.landlordId, owner.id))).toBe(0);
  });

  it("deletes a renter's documents, rows and stored files", async () => {
    const renter = await person(client, 'renter');
    const document = await uploadDocument(app, renter.client);
    const [row] = await db
      .select({ key: renterDocuments.storageKey })
      .from(renterDocuments)
      .where(eq(renterDocuments.id, document.id));
    const key = row?.key ?? '';
    expect(await deps.storage.exists(key)).toBe(true);

    expect((await renter.client.delete('/api/me', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await deps.storage.exists(key)).toBe(false);
    expect(await db.$count(renterDocuments, eq(renterDocuments.userId, renter.id))).toBe(0);
  });
});
