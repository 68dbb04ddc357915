import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { type Alert, DAILY_DIGEST_HOUR } from '../../../shared/schemas/saved-searches.ts';
import { isoTime, NEW_YORK } from '../../lib/time.ts';
import type { AlertDeps } from './alert-deps.ts';
import { alertMail } from './alert-mail.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

type DigestRow = {
  id: string;
  kind: Alert['kind'];
  listing_id: string;
  title: string;
  neighborhood: string | null;
  rent_cents: number | null;
  bedrooms: number | null;
  previous_rent_cents: number | null;
  created_at: string;
};

/** New York's hour and date at `epochMs`, from the clock (so DST is never a question). */
export function newYorkClock(epochMs: number): { hour: number; day: string } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(NEW_YORK);
  return { hour: zoned.hour, day: zoned.toPlainDate().toString() };
}

/**
 * The daily digest (decision 036), the hourly `alerts.digest` job: at DAILY_DIGEST_HOUR New York
 * time, each `daily`, unpaused saved search with alerts not yet mailed is claimed for the day
 * (`digest_sent_on`, set by one UPDATE that only one instance can win) and mailed once with
 * every such alert, which is then marked mailed, all in one transaction per search. Any other
 * hour does nothing. Returns the number of digests sent.
 */
export async function runDailyDigest(deps: AlertDeps, epochMs = Date.now()): Promise<number> {
  const { hour, day } = newYorkClock(epochMs);
  if (hour !== DAILY_DIGEST_HOUR) return 0;
  const due = await deps.db.execute<{ id: string }>(sql`
    select s.id from saved_searches s
    where s.alerts = 'daily' and not s.paused and s.digest_sent_on is distinct from ${day}
      and exists (select 1 from alerts a where a.saved_search_id = s.id and a.mailed_at is null)
    order by s.id`);
  let sent = 0;
  for (const { id } of due.rows) {
    if (await sendDigest(deps, id, day)) sent += 1;
  }
  return sent;
}

async function sendDigest(deps: AlertDeps, searchId: string, day: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // The claim: a second instance waits on this row, then finds the day taken.
    const claimed = await tx.execute<{ name: string; email: string; person: string }>(sql`
      update saved_searches s set digest_sent_on = ${day}
      from users u
      where s.id = ${searchId} and u.id = s.user_id and u.suspended_at is null
        and s.alerts = 'daily' and not s.paused and s.digest_sent_on is distinct from ${day}
      returning s.name, u.email, u.name as person`);
    const search = claimed.rows[0];
    if (!search) return false;
    const pending = await tx.execute<DigestRow>(sql`
      select a.id, a.kind, a.listing_id, l.title, l.neighborhood, l.rent_cents, l.bedrooms,
        a.previous_rent_cents, a.created_at
      from alerts a join listings l on l.id = a.listing_id
      where a.saved_search_id = ${searchId} and a.mailed_at is null
      order by a.created_at, a.id
      for update of a`);
    if (pending.rows.length === 0) return false;
    const token = signUnsubscribeToken(deps.secret, { kind: 'saved-search', id: searchId });
    await deps.mailer.send(
      alertMail({
        to: search.email,
        name: search.person,
        baseUrl: deps.baseUrl,
        token,
        search: { name: search.name },
        digest: true,
        alerts: pending.rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          savedSearch: { id: searchId, name: search.name },
          listing: {
            id: row.listing_id,
            title: row.title,
            neighborhood: row.neighborhood,
            rentCents: row.rent_cents,
            bedrooms: row.bedrooms,
          },
          previousRentCents: row.previous_rent_cents,
          createdAt: isoTime(row.created_at),
        })),
      }),
      tx,
    );
    await tx.execute(sql`update alerts set mailed_at = now()
      where id = any(${sql.param(pending.rows.map((row) => row.id))}::uuid[])`);
    return true;
  });
}
