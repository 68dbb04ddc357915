import { eq } from 'drizzle-orm';
import type { UserType } from '../../../shared/constants.ts';
import { hashPassword, type SessionUser } from '../../auth/auth.ts';
import { accounts, users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Ctx, UserCtx } from '../../lib/service.ts';

export { type AccountCtx, type DeletionSummary, deleteAccount } from './account-deletion.ts';

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  userType: users.userType,
};

function toSessionUser(row: { id: string; email: string; name: string; userType: string }) {
  return { ...row, userType: row.userType as UserType } satisfies SessionUser;
}

export async function updateName({
  ctx: { db, user },
  input: { name },
}: {
  ctx: UserCtx;
  input: { name: string };
}) {
  const [row] = await db
    .update(users)
    .set({ name, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning(publicColumns);
  if (!row) throw new AppError('NOT_FOUND');
  return toSessionUser(row);
}

/**
 * Creates an account with a password directly, bypassing sign-up: for demo data and the admin
 * CLI (the only way to make an admin). Returns null when the email is taken.
 */
export async function createUserWithPassword({
  ctx: { db },
  input,
}: {
  ctx: Ctx;
  input: { email: string; name: string; password: string; userType: UserType };
}): Promise<SessionUser | null> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        userType: input.userType,
        emailVerified: true,
      })
      .onConflictDoNothing({ target: users.email })
      .returning(publicColumns);
    if (!row) return null;
    await tx.insert(accounts).values({
      accountId: row.id,
      providerId: 'credential',
      userId: row.id,
      password: passwordHash,
    });
    return toSessionUser(row);
  });
}
