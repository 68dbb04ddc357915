import { Temporal } from 'temporal-polyfill';
import type { Db } from '../../db/client.ts';
import type { UserCtx } from '../../lib/service.ts';
import { newYorkDay } from '../../lib/time.ts';
import type { EventBus } from '../events/events.service.ts';
import { flushViews, LISTING_VIEWS_CHANNEL, onViewsFlushed } from './listing-views.ts';

/*
 * A landlord's daily figures (decision 023's definitions): views of their listings, saves by
 * others, and new inquiries (a conversation about one of the listings whose first message from
 * the other person falls on that day), per New York day.
 */

export type DailyFigures = { day: string; views: number; saves: number; inquiries: number };

/** $1 landlord, $2 first day, $3 today: views per day, days with none left out. */
const SELECT_DAILY_VIEWS = {
  name: 'landlord-daily-views',
  text: `select to_char(v.day, 'YYYY-MM-DD') as day, sum(v.views)::int as n
    from listings l
    join listing_daily_views v on v.listing_id = l.id and v.day between $2::date and $3::date
    where l.landlord_id = $1
    group by v.day`,
};

/** $1 landlord, $2 first day: saves by others and new inquiries per day, days with none left out. */
const SELECT_DAILY_ACTIVITY = {
  name: 'landlord-daily-activity',
  text: `with mine as (select id from listings where landlord_id = $1),
    since as (select ($2::date::timestamp at time zone 'America/New_York') as at),
    saves as (
      select (sl.created_at at time zone 'America/New_York')::date as day, count(*)::int as n
      from saved_listings sl
      where sl.listing_id in (select id from mine) and sl.user_id <> $1
        and sl.created_at >= (select at from since)
      group by 1
    ),
    about as (
      select c.id from conversations c
      where c.listing_id in (select id from mine) and $1 in (c.participant1_id, c.participant2_id)
      union
      select c.id from messages m join conversations c on c.id = m.conversation_id
      where m.listing_id in (select id from mine)
        and $1 in (c.participant1_id, c.participant2_id)
    ),
    firsts as (
      select (select min(m.created_at) from messages m
        where m.conversation_id = about.id and m.sender_id <> $1) as at
      from about
    ),
    inquiries as (
      select (firsts.at at time zone 'America/New_York')::date as day, count(*)::int as n
      from firsts where firsts.at >= (select at from since)
      group by 1
    )
    select to_char(coalesce(s.day, i.day), 'YYYY-MM-DD') as day,
      coalesce(s.n, 0) as saves, coalesce(i.n, 0) as inquiries
    from saves s full join inquiries i on i.day = s.day`,
};

/** Answers older than this are read again, whatever was heard (a listing deleted, a prune). */
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

type CachedViews = { key: string; views: ReadonlyMap<string, number>; validUntil: number };

/**
 * Daily views per landlord kept in memory: summing a month of rows for hundreds of listings is
 * the dashboard's one costly read, and views only move when a flush writes them. Every flush
 * NOTIFYs `listing_views` with the landlords it touched (at its commit, on every instance), and
 * each instance forgets those landlords' answers; an answer computed across a notice is not kept.
 */
export class DailyViewsCache {
  private readonly entries = new Map<string, CachedViews>();
  private version = 0;
  private readonly forgottenAt = new Map<string, number>();
  private forgotAllAt = 0;

  constructor(
    db: Db,
    private readonly events: Pick<EventBus, 'watch' | 'watching'>,
    private readonly now: () => number = Date.now,
  ) {
    events.watch(LISTING_VIEWS_CHANNEL, (landlordId) => {
      if (landlordId === null || landlordId === '*') this.forgetAll();
      else this.forget(landlordId);
    });
    onViewsFlushed(db, (landlordIds) => {
      for (const id of landlordIds) this.forget(id);
    });
  }

  begin(): number {
    return this.version;
  }

  get(landlordId: string, key: string): ReadonlyMap<string, number> | undefined {
    if (!this.events.watching(LISTING_VIEWS_CHANNEL)) return undefined;
    const entry = this.entries.get(landlordId);
    if (!entry || entry.key !== key || entry.validUntil <= this.now()) return undefined;
    return entry.views;
  }

  set(landlordId: string, key: string, token: number, views: ReadonlyMap<string, number>) {
    if (!this.events.watching(LISTING_VIEWS_CHANNEL)) return;
    const forgotten = Math.max(this.forgotAllAt, this.forgottenAt.get(landlordId) ?? 0);
    if (forgotten > token) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(landlordId); // re-inserted last: the map's order is its age
    this.entries.set(landlordId, { key, views, validUntil: this.now() + TTL_MS });
  }

  forget(landlordId: string) {
    this.version++;
    this.forgottenAt.set(landlordId, this.version);
    if (this.forgottenAt.size > MAX_ENTRIES) this.forgetAll();
    this.entries.delete(landlordId);
  }

  forgetAll() {
    this.version++;
    this.forgotAllAt = this.version;
    this.forgottenAt.clear();
    this.entries.clear();
  }
}

async function dailyViews(
  db: Db,
  cache: DailyViewsCache | undefined,
  landlordId: string,
  first: string,
  today: string,
): Promise<ReadonlyMap<string, number>> {
  const key = `${first}|${today}`;
  const cached = cache?.get(landlordId, key);
  if (cached) return cached;
  const token = cache?.begin() ?? 0;
  const result = await db.$client.query<{ day: string; n: number }>({
    ...SELECT_DAILY_VIEWS,
    values: [landlordId, first, today],
  });
  const views = new Map(result.rows.map((row) => [row.day, row.n]));
  cache?.set(landlordId, key, token, views);
  return views;
}

/**
 * The last `days` New York days (today included, oldest first) of the landlord's figures.
 * Buffered views are written first, so the figures include them.
 */
export async function landlordDailyFigures({
  ctx: { db, user, viewsCache },
  input: { days },
}: {
  ctx: UserCtx<{ viewsCache?: DailyViewsCache }>;
  input: { days: number };
}): Promise<DailyFigures[]> {
  await flushViews(db);
  const today = Temporal.PlainDate.from(newYorkDay());
  const first = today.subtract({ days: days - 1 }).toString();
  const [views, activity] = await Promise.all([
    dailyViews(db, viewsCache, user.id, first, today.toString()),
    db.$client.query<{ day: string; saves: number; inquiries: number }>({
      ...SELECT_DAILY_ACTIVITY,
      values: [user.id, first],
    }),
  ]);
  const byDay = new Map(activity.rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, i) => {
    const day = today.subtract({ days: days - 1 - i }).toString();
    const other = byDay.get(day);
    return {
      day,
      views: views.get(day) ?? 0,
      saves: other?.saves ?? 0,
      inquiries: other?.inquiries ?? 0,
    };
  });
}

/** Sums of daily figures (the last N days of a series). */
export function sumFigures(days: DailyFigures[]) {
  const total = { views: 0, saves: 0, inquiries: 0 };
  for (const day of days) {
    total.views += day.views;
    total.saves += day.saves;
    total.inquiries += day.inquiries;
  }
  return total;
}
