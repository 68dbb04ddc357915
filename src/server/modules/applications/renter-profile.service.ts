import { eq } from 'drizzle-orm';
import {
  missingProfileFields,
  type RenterProfileData,
  type RenterProfileResponse,
} from '../../../shared/schemas/renter-profile.ts';
import { renterProfiles } from '../../db/schema/applications.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { Executor } from './application-view.ts';

/*
 * The renter's reusable profile (issue 28): one row a renter, the validated object as JSON. An
 * application copies it when submitted, so editing it later changes no application.
 */

type ProfileRow = { data: RenterProfileData; updatedAt: Date };

function toResponse(row: ProfileRow | undefined): RenterProfileResponse {
  if (!row) return { profile: null, missing: missingProfileFields(null) };
  return {
    profile: { ...row.data, updatedAt: row.updatedAt.toISOString() },
    missing: missingProfileFields(row.data),
  };
}

/** The stored profile, or null: what an application copies. */
export async function readRenterProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({ data: renterProfiles.data, updatedAt: renterProfiles.updatedAt })
    .from(renterProfiles)
    .where(eq(renterProfiles.userId, userId));
  return row ?? null;
}

/** `GET /api/renter-profile`. */
export async function getRenterProfile({ ctx }: { ctx: UserCtx }): Promise<RenterProfileResponse> {
  return toResponse((await readRenterProfile(ctx.db, ctx.user.id)) ?? undefined);
}

/** `PUT /api/renter-profile`: the whole profile, replaced. */
export async function saveRenterProfile({
  ctx,
  input,
}: {
  ctx: UserCtx;
  input: RenterProfileData;
}): Promise<RenterProfileResponse> {
  const now = new Date();
  const [row] = await ctx.db
    .insert(renterProfiles)
    .values({ userId: ctx.user.id, data: input, updatedAt: now })
    .onConflictDoUpdate({ target: renterProfiles.userId, set: { data: input, updatedAt: now } })
    .returning({ data: renterProfiles.data, updatedAt: renterProfiles.updatedAt });
  return toResponse(row);
}
