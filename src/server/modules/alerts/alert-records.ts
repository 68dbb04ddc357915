import { sql } from 'drizzle-orm';
import type { Alert, AlertKind } from '../../../shared/schemas/saved-searches.ts';
import type { RawRow } from '../../db/raw.ts';
import type { listings } from '../../db/schema/listings.ts';
import { isoTime } from '../../lib/time.ts';
import { type EventsTransaction, publishEvents } from '../events/events.service.ts';
import type { AlertDeps } from './alert-deps.ts';
import { alertMail } from './alert-mail.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** A changed listing as the scan reads it. */
export type ListingFacts = RawRow<
  Pick<
    typeof listings.$inferSelect,
    'id' | 'status' | 'title' | 'neighborhood' | 'rentCents' | 'bedrooms'
  >
>;

/** An announcement about to be made: for a saved search, or (search null) a saved listing. */
export type AlertDraft = {
  userId: string;
  search: { id: string; name: string; alerts: string } | null;
  listing: ListingFacts;
  kind: AlertKind;
  previousRentCents: number | null;
};

type Recorded = { alert: Alert; userId: string; search: AlertDraft['search'] };

/**
 * Stores the alerts (a second new_match for the same search and listing is refused by the
 * unique index, whatever raced), publishes `alert.created` for each (but those of `off`
 * searches), and mails at once those of
 * `instant` searches and of saved listings (one mail per search, one per user for saved
 * listings), marking them mailed. `daily` ones wait for the digest; `off` ones are only live.
 *
 * `created_at` is the insert's own clock, not `now()`: a scan's transaction starts before it
 * waits for the cursor lock, so a scan that waited would stamp its alerts earlier than those of
 * the scan it waited for (out of order, and older than a "seen" mark set in between).
 */
export async function recordAlerts(
  tx: EventsTransaction,
  deps: AlertDeps,
  drafts: AlertDraft[],
): Promise<number> {
  const recorded: Recorded[] = [];
  for (const draft of drafts) {
    const { listing } = draft;
    const result = await tx.execute<{ id: string; created_at: string }>(sql`
      insert into alerts (user_id, saved_search_id, listing_id, kind, rent_cents,
        previous_rent_cents, created_at)
      values (${draft.userId}, ${draft.search?.id ?? null}, ${listing.id}, ${draft.kind},
        ${listing.rent_cents}, ${draft.previousRentCents}, clock_timestamp())
      on conflict do nothing
      returning id, created_at`);
    const row = result.rows[0];
    if (!row) continue;
    recorded.push({
      userId: draft.userId,
      search: draft.search,
      alert: {
        id: row.id,
        kind: draft.kind,
        savedSearch: draft.search ? { id: draft.search.id, name: draft.search.name } : null,
        listing: {
          id: listing.id,
          title: listing.title,
          neighborhood: listing.neighborhood,
          rentCents: listing.rent_cents,
          bedrooms: listing.bedrooms,
        },
        previousRentCents: draft.previousRentCents,
        createdAt: isoTime(row.created_at),
      },
    });
  }
  if (recorded.length === 0) return 0;
  // Alerts `off`: the match is still recorded (the saved search's list and count show it),
  // but nothing interrupts the renter.
  const live = recorded.filter((item) => item.search?.alerts !== 'off');
  if (live.length > 0) {
    await publishEvents(
      tx,
      live.map(({ userId, alert }) => ({ userId, type: 'alert.created', data: { alert } })),
    );
  }
  await mailInstant(tx, deps, recorded);
  return recorded.length;
}

async function mailInstant(tx: EventsTransaction, deps: AlertDeps, recorded: Recorded[]) {
  const groups = new Map<string, Recorded[]>();
  for (const item of recorded) {
    if (item.search && item.search.alerts !== 'instant') continue;
    const key = item.search ? `search:${item.search.id}` : `user:${item.userId}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  if (groups.size === 0) return;
  const userIds = [...new Set([...groups.values()].flatMap((items) => items.map((i) => i.userId)))];
  const people = await tx.execute<{ id: string; email: string; name: string }>(sql`
    select id, email, name from users
    where id = any(${sql.param(userIds)}::uuid[]) and suspended_at is null`);
  const byId = new Map(people.rows.map((row) => [row.id, row]));
  const mailed: string[] = [];
  for (const items of groups.values()) {
    const [first] = items;
    const person = first ? byId.get(first.userId) : undefined;
    if (!first || !person) continue;
    const token = signUnsubscribeToken(
      deps.secret,
      first.search
        ? { kind: 'saved-search', id: first.search.id }
        : { kind: 'saved-listings', userId: person.id },
    );
    await deps.mailer.send(
      alertMail({
        to: person.email,
        name: person.name,
        baseUrl: deps.baseUrl,
        token,
        search: first.search,
        digest: false,
        alerts: items.map((item) => item.alert),
      }),
      tx,
    );
    mailed.push(...items.map((item) => item.alert.id));
  }
  if (mailed.length > 0) {
    await tx.execute(
      sql`update alerts set mailed_at = now() where id = any(${sql.param(mailed)}::uuid[])`,
    );
  }
}
