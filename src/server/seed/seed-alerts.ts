import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stableUuid } from './seed-listings.ts';

/*
 * The demo renter's saved search (issue 16), so /saved-searches shows what the feature is for:
 * "Williamsburg 1BR+ under $4,000" with instant alerts, every matching listing as its baseline
 * and the two newest announced (already mailed), so it shows 2 new matches. Then the demo data
 * is made old news: seeded saved listings count as announced and the alerts scan starts after
 * the seed, so loading demo data never mails anyone. Stable id and `on conflict do nothing`: a
 * second run adds nothing.
 */

const DEMO_QUERY = { neighborhoods: ['williamsburg'], bedrooms: 1, maxPrice: 4000 };

export async function seedDemoSavedSearch(db: Db, renterId: string): Promise<string[]> {
  const id = stableUuid('demo-saved-search');
  return db.transaction(async (tx) => {
    // Waits for a scan running meanwhile; none starts until this commits.
    await tx.execute(sql`select seq from alert_scan_cursor for update`);
    const inserted = await tx.execute(sql`
      insert into saved_searches (id, user_id, name, query, alerts, last_seen_at, created_at)
      values (${id}, ${renterId}, 'Williamsburg 1BR+ under $4,000', ${JSON.stringify(DEMO_QUERY)}::jsonb,
        'instant', now() - interval '1 day', now() - interval '6 days')
      on conflict do nothing
      returning id`);
    await tx.execute(sql`
      update saved_listings sl set alert_rent_cents = l.rent_cents,
        rented_announced_at = case when l.status = 'rented' then now() end
      from listings l
      where l.id = sl.listing_id and sl.alert_rent_cents is null
        and sl.rented_announced_at is null`);
    await tx.execute(sql`
      update alert_scan_cursor set seq = greatest(seq, (select seq from listing_change_counter))`);
    if (inserted.rows.length === 0) return [];
    // The same filters as the search index applies them (neighborhood, beds at least, max rent).
    await tx.execute(sql`
      insert into saved_search_matches (saved_search_id, listing_id, announced, last_rent_cents)
      select ${id}, l.id, false, l.rent_cents from listings l
      where l.status = 'active' and l.neighborhood = 'williamsburg' and l.bedrooms >= 1
        and l.rent_cents <= 400000
      on conflict do nothing`);
    const news = await tx.execute<{ listing_id: string }>(sql`
      update saved_search_matches m set announced = true
      where m.saved_search_id = ${id} and m.listing_id in (
        select listing_id from saved_search_matches s join listings l on l.id = s.listing_id
        where s.saved_search_id = ${id}
        order by l.published_at desc, l.id desc limit 2)
      returning m.listing_id`);
    for (const row of news.rows) {
      await tx.execute(sql`
        insert into alerts (user_id, saved_search_id, listing_id, kind, rent_cents, mailed_at)
        select ${renterId}, ${id}, l.id, 'new_match', l.rent_cents, now()
        from listings l where l.id = ${row.listing_id}
        on conflict do nothing`);
    }
    return ['1 saved search'];
  });
}
