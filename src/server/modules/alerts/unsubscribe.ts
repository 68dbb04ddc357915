import { eq, sql } from 'drizzle-orm';
import type { UnsubscribeResult } from '../../../shared/schemas/saved-searches.ts';
import { alertPreferences, savedSearches } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { type EventsCtx, transactionWithEvents } from '../events/events.service.ts';
import { savedSearchesChanged } from './saved-search-store.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * `POST /api/alerts/unsubscribe`: no sign-in, the signed token says what to turn off: one saved
 * search's alerts (to `off`; the search stays saved) or the user's saved-listing alerts. A forged
 * token, or one whose search is gone: 400 INVALID_TOKEN. Idempotent.
 */
export async function unsubscribe({
  ctx,
  input: { token },
}: {
  ctx: EventsCtx & { secret: string };
  input: { token: string };
}): Promise<UnsubscribeResult> {
  const subject = verifyUnsubscribeToken(ctx.secret, token);
  if (!subject) throw new AppError('INVALID_TOKEN');
  return transactionWithEvents(ctx, async (tx) => {
    if (subject.kind === 'saved-search') {
      const [row] = await tx
        .update(savedSearches)
        .set({ alerts: 'off', updatedAt: sql`now()` })
        .where(eq(savedSearches.id, subject.id))
        .returning({
          id: savedSearches.id,
          name: savedSearches.name,
          userId: savedSearches.userId,
        });
      if (!row) throw new AppError('INVALID_TOKEN');
      await savedSearchesChanged(tx, row.userId);
      return { unsubscribed: { kind: 'saved-search', id: row.id, name: row.name } };
    }
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, subject.userId));
    if (!user) throw new AppError('INVALID_TOKEN');
    await tx
      .insert(alertPreferences)
      .values({ userId: user.id, savedListingAlerts: false })
      .onConflictDoUpdate({
        target: alertPreferences.userId,
        set: { savedListingAlerts: false, updatedAt: sql`now()` },
      });
    return { unsubscribed: { kind: 'saved-listings' } };
  });
}
