import { randomUUID } from 'node:crypto';
import { asc, count, eq, max } from 'drizzle-orm';
import { MAX_PHOTOS } from '../../../shared/listings.ts';
import type { Db } from '../../db/client.ts';
import { listingPhotos, listings } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type PhotoRow,
  photoColumns,
  processPhoto,
  storePhoto,
  toPhoto,
  variantKey,
} from '../../lib/images.ts';
import { PHOTO_UPLOADS_LIMIT, withRateLimit } from '../../lib/rate-limit.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';

/*
 * A listing's gallery, changed by its owner only: uploads, order (the first photo is the cover)
 * and removals. Each change answers with the whole gallery in its new order.
 */

type Deps = { storage: MediaStorage };

/** The owner's listing (any status) or 404, for photo changes. */
async function assertOwner(db: Db, listingId: string, userId: string) {
  const [row] = await db
    .select({ landlordId: listings.landlordId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row || row.landlordId !== userId) throw new AppError('NOT_FOUND');
  return row;
}

async function photoRows(db: Db, listingId: string): Promise<PhotoRow[]> {
  return db
    .select({
      id: listingPhotos.id,
      storageKey: listingPhotos.storageKey,
      widths: listingPhotos.widths,
      width: listingPhotos.width,
      height: listingPhotos.height,
      placeholder: listingPhotos.placeholder,
    })
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position));
}

function invalid(path: string, message: string) {
  return new AppError('VALIDATION_ERROR', { message, details: [{ path, message }] });
}

const tooManyPhotos = () => invalid('photo', `A listing has at most ${MAX_PHOTOS} photos.`);

/** `POST /api/listings/{id}/photos`: checked by content, re-encoded, stored, appended. */
export async function addPhoto({
  ctx: { db, storage, user },
  input: { listingId, data },
}: {
  ctx: UserCtx<Deps>;
  input: { listingId: string; data: Buffer };
}) {
  const userId = user.id;
  await assertOwner(db, listingId, userId);
  const [existing] = await db
    .select({ n: count() })
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId));
  if ((existing?.n ?? 0) >= MAX_PHOTOS) throw tooManyPhotos();

  const id = randomUUID();
  // Counted against the account's hourly uploads before the costly part (given back on failure).
  await withRateLimit(db, PHOTO_UPLOADS_LIMIT, userId, () =>
    storeListingPhoto(db, storage, { listingId, id, data }),
  );
  const photos = (await photoRows(db, listingId)).map((p) => toPhoto(storage, p));
  const photo = photos.find((p) => p.id === id);
  if (!photo) throw new AppError('INTERNAL');
  return { photo, photos };
}

/** Checked, re-encoded, stored and appended (the listing's row lock keeps the cap). */
async function storeListingPhoto(
  db: Db,
  storage: MediaStorage,
  { listingId, id, data }: { listingId: string; id: string; data: Buffer },
) {
  const processed = await processPhoto(data);
  const storageKey = `listings/${listingId}/${id}`;
  await storePhoto(storage, storageKey, processed);
  try {
    await db.transaction(async (tx) => {
      // Serializes concurrent uploads to one listing so the cap holds.
      await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.id, listingId))
        .for('update');
      const [stats] = await tx
        .select({ n: count(), last: max(listingPhotos.position) })
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listingId));
      if ((stats?.n ?? 0) >= MAX_PHOTOS) throw tooManyPhotos();
      await tx.insert(listingPhotos).values({
        id,
        listingId,
        position: (stats?.last ?? -1) + 1,
        ...photoColumns(storageKey, processed),
      });
      await tx.update(listings).set({ updatedAt: new Date() }).where(eq(listings.id, listingId));
    });
  } catch (error) {
    await storage.delete(processed.variants.map((v) => variantKey(storageKey, v.width)));
    throw error;
  }
}

/** `PATCH /api/listings/{id}/photos`: a new order; the first photo is the cover. */
export async function reorderPhotos({
  ctx: { db, storage, user },
  input: { listingId, order },
}: {
  ctx: UserCtx<Deps>;
  input: { listingId: string; order: string[] };
}) {
  const userId = user.id;
  await assertOwner(db, listingId, userId);
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: listingPhotos.id })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listingId))
      .for('update');
    const ids = new Set(current.map((p) => p.id));
    if (ids.size !== order.length || !order.every((id) => ids.has(id))) {
      throw invalid('order', 'The order must list every photo of this listing exactly once.');
    }
    for (const [position, id] of order.entries()) {
      await tx.update(listingPhotos).set({ position }).where(eq(listingPhotos.id, id));
    }
    await tx.update(listings).set({ updatedAt: new Date() }).where(eq(listings.id, listingId));
  });
  return { photos: (await photoRows(db, listingId)).map((p) => toPhoto(storage, p)) };
}

/** `DELETE /api/listings/{id}/photos/{photoId}`; a live listing keeps at least one photo. */
export async function deletePhoto({
  ctx: { db, storage, user },
  input: { listingId, photoId },
}: {
  ctx: UserCtx<Deps>;
  input: { listingId: string; photoId: string };
}) {
  const userId = user.id;
  const owned = await assertOwner(db, listingId, userId);
  const removed = await db.transaction(async (tx) => {
    const photos = await tx
      .select({
        id: listingPhotos.id,
        storageKey: listingPhotos.storageKey,
        widths: listingPhotos.widths,
      })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listingId))
      .orderBy(asc(listingPhotos.position))
      .for('update');
    const target = photos.find((p) => p.id === photoId);
    if (!target) throw new AppError('NOT_FOUND');
    if (owned.status === 'active' && photos.length === 1) {
      throw new AppError('CONFLICT', { message: 'A published listing needs at least one photo.' });
    }
    await tx.delete(listingPhotos).where(eq(listingPhotos.id, photoId));
    const rest = photos.filter((p) => p.id !== photoId);
    for (const [position, photo] of rest.entries()) {
      await tx.update(listingPhotos).set({ position }).where(eq(listingPhotos.id, photo.id));
    }
    await tx.update(listings).set({ updatedAt: new Date() }).where(eq(listings.id, listingId));
    return target;
  });
  // Shared demo images (seed/...) stay; an upload's files go with its row.
  if (removed.storageKey.startsWith('listings/')) {
    await storage.delete(removed.widths.map((w) => variantKey(removed.storageKey, w)));
  }
  return { photos: (await photoRows(db, listingId)).map((p) => toPhoto(storage, p)) };
}
