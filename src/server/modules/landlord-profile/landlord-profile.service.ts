import { randomUUID } from 'node:crypto';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { LandlordProfile, LandlordProfileInput } from '../../../shared/schemas/billing.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { landlordProfiles } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { processPhoto, storePhoto, variantKey, variantUrlUpTo } from '../../lib/images.ts';
import { PHOTO_UPLOADS_LIMIT, withRateLimit } from '../../lib/rate-limit.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { responseFigures, responseFiguresOf } from '../messaging/conversations.service.ts';

/*
 * What renters see of a landlord (`/landlord/profile`, the card on listing pages): a name, a
 * contact phone, a short bio, languages and a photo re-encoded like listing photos, with
 * response figures computed from messaging. No row yet: the user's own name, nothing else.
 */

type Ctx = UserCtx<{ storage: MediaStorage }>;
type ProfileRow = typeof landlordProfiles.$inferSelect;

/** The card shows the photo small: the largest variant at most this wide. */
export const CARD_PHOTO_WIDTH = 400;

async function readRow(db: Db, landlordId: string) {
  const [row] = await db
    .select({ profile: landlordProfiles, name: users.name, createdAt: users.createdAt })
    .from(users)
    .leftJoin(landlordProfiles, eq(landlordProfiles.landlordId, users.id))
    .where(eq(users.id, landlordId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * The profile as the landlord sees it, figures computed now. After a change (`store`), the
 * figures are kept on the row too, for the listing pages' card.
 */
async function toProfile(
  { db, storage }: { db: Db; storage: MediaStorage },
  landlordId: string,
  { store = false } = {},
): Promise<LandlordProfile> {
  const [row, figures] = await Promise.all([
    readRow(db, landlordId),
    responseFigures({ ctx: { db }, input: { userId: landlordId } }),
  ]);
  if (store && row.profile) {
    await db
      .update(landlordProfiles)
      .set({ ...figures, responseFiguresAt: new Date() })
      .where(eq(landlordProfiles.landlordId, landlordId));
  }
  const profile: ProfileRow | null = row.profile;
  return {
    landlordId,
    displayName: profile?.displayName ?? row.name,
    phone: profile?.phone ?? null,
    bio: profile?.bio ?? null,
    languages: profile?.languages ?? [],
    photoUrl: variantUrlUpTo(
      storage,
      profile?.photoKey ?? null,
      profile?.photoWidths ?? null,
      CARD_PHOTO_WIDTH,
    ),
    ...figures,
    memberSince: row.createdAt.toISOString(),
  };
}

/** `GET /api/landlord/profile`: the landlord's own profile. */
export function getLandlordProfile({ ctx }: { ctx: Ctx }): Promise<LandlordProfile> {
  return toProfile(ctx, ctx.user.id);
}

/** Empty text means "not given". */
const orNull = (value: string | undefined) => (value ? value : null);

/** `PUT /api/landlord/profile`: replaces the profile's text; the photo stays. */
export async function updateLandlordProfile({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: LandlordProfileInput;
}): Promise<LandlordProfile> {
  const values = {
    displayName: input.displayName,
    phone: orNull(input.phone),
    bio: orNull(input.bio),
    languages: [...new Set(input.languages ?? [])],
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(landlordProfiles)
    .values({ landlordId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: landlordProfiles.landlordId, set: values });
  return toProfile(ctx, ctx.user.id, { store: true });
}

/**
 * `POST /api/landlord/profile/photo`: checked by content and re-encoded exactly like listing
 * photos (same limits, same messages); the previous photo's files go once the new one is saved.
 */
export async function setProfilePhoto({
  ctx,
  input: { data },
}: {
  ctx: Ctx;
  input: { data: Buffer };
}): Promise<LandlordProfile> {
  const { db, storage, user } = ctx;
  // Counted against the account's hourly uploads before the costly part (given back on failure).
  const previous = await withRateLimit(db, PHOTO_UPLOADS_LIMIT, user.id, () =>
    storeProfilePhoto(ctx, data),
  );
  await deletePhotoFiles(storage, previous);
  return toProfile(ctx, user.id, { store: true });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The profile's photo columns, locked until the transaction ends (undefined: no profile). */
async function lockedPhoto(tx: Tx, landlordId: string) {
  const [current] = await tx
    .select({ photoKey: landlordProfiles.photoKey, photoWidths: landlordProfiles.photoWidths })
    .from(landlordProfiles)
    .where(eq(landlordProfiles.landlordId, landlordId))
    .for('update');
  return current;
}

/** The new photo checked, re-encoded, stored and set; answers the previous one's row. */
async function storeProfilePhoto(ctx: Ctx, data: Buffer) {
  const { db, storage, user } = ctx;
  const processed = await processPhoto(data);
  const photoKey = `landlords/${user.id}/${randomUUID()}`;
  const widths = processed.variants.map((v) => v.width);
  await storePhoto(storage, photoKey, processed);
  let previous: Pick<ProfileRow, 'photoKey' | 'photoWidths'> | undefined;
  try {
    previous = await db.transaction(async (tx) => {
      const current = await lockedPhoto(tx, user.id);
      await tx
        .insert(landlordProfiles)
        .values({ landlordId: user.id, displayName: user.name, photoKey, photoWidths: widths })
        .onConflictDoUpdate({
          target: landlordProfiles.landlordId,
          set: { photoKey, photoWidths: widths, updatedAt: new Date() },
        });
      return current;
    });
  } catch (error) {
    await storage.delete(widths.map((w) => variantKey(photoKey, w)));
    throw error;
  }
  return previous;
}

/** `DELETE /api/landlord/profile/photo`: no photo (idempotent). */
export async function deleteProfilePhoto({ ctx }: { ctx: Ctx }): Promise<LandlordProfile> {
  const { db, storage, user } = ctx;
  const previous = await db.transaction(async (tx) => {
    const current = await lockedPhoto(tx, user.id);
    await tx
      .update(landlordProfiles)
      .set({ photoKey: null, photoWidths: null, updatedAt: new Date() })
      .where(eq(landlordProfiles.landlordId, user.id));
    return current;
  });
  await deletePhotoFiles(storage, previous);
  return toProfile(ctx, user.id);
}

async function deletePhotoFiles(
  storage: MediaStorage,
  photo: Pick<ProfileRow, 'photoKey' | 'photoWidths'> | undefined,
) {
  if (!photo?.photoKey || !photo.photoWidths) return;
  const { photoKey } = photo;
  await storage.delete(photo.photoWidths.map((w) => variantKey(photoKey, w)));
}

/** Profiles refreshed per statement by the hourly job. */
const REFRESH_BATCH = 500;

/**
 * Recomputes the stored response figures of every profile (hourly job): the card on listing
 * pages reads them in its one join instead of counting messages on every page view.
 */
export async function refreshResponseFigures({ ctx: { db } }: { ctx: { db: Db } }) {
  let after = '00000000-0000-0000-0000-000000000000';
  let refreshed = 0;
  for (;;) {
    const rows = await db
      .select({ id: landlordProfiles.landlordId })
      .from(landlordProfiles)
      .where(gt(landlordProfiles.landlordId, after))
      .orderBy(asc(landlordProfiles.landlordId))
      .limit(REFRESH_BATCH);
    if (rows.length === 0) return refreshed;
    const ids = rows.map((row) => row.id);
    const figures = await responseFiguresOf({ ctx: { db }, input: { userIds: ids } });
    const medians = ids.map((id) => figures.get(id)?.medianFirstReplyMinutes ?? null);
    const rates = ids.map((id) => figures.get(id)?.replyRate ?? null);
    await db.execute(sql`
      update ${landlordProfiles} p
      set median_first_reply_minutes = f.median, reply_rate = f.rate, response_figures_at = now()
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(medians)}::int[],
        ${sql.param(rates)}::real[]) as f(id, median, rate)
      where p.landlord_id = f.id`);
    refreshed += ids.length;
    after = ids[ids.length - 1] ?? after;
  }
}
