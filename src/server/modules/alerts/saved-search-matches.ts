import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  SavedSearchMatchesQuerySchema,
  SavedSearchMatchesSchema,
} from '../../../shared/schemas/saved-searches.ts';
import type { RawRow } from '../../db/raw.ts';
import type { alerts } from '../../db/schema/alerts.ts';
import { beforeCursor, keysetPage } from '../../lib/keyset.ts';
import { isoTime } from '../../lib/time.ts';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from '../listings/listings.service.ts';
import { readSavedSearch, type SavedSearchesCtx } from './saved-search-store.ts';

type MatchRow = SummaryRow &
  RawRow<Pick<typeof alerts.$inferSelect, 'kind' | 'previousRentCents'>> & {
    announced_at: string;
    is_new: boolean;
  };

/**
 * `GET /api/saved-searches/{id}/matches`: the listings this search announced (a new match or a
 * price drop) that are still up, newest announcement first, each with its latest announcement;
 * keyset paged over (announced at, listing id).
 */
export async function listSavedSearchMatches({
  ctx: { db, storage, user },
  input: { id, query },
}: {
  ctx: SavedSearchesCtx;
  input: { id: string; query: z.infer<typeof SavedSearchMatchesQuerySchema> };
}): Promise<z.infer<typeof SavedSearchMatchesSchema>> {
  const search = await readSavedSearch(db, user.id, id);
  const result = await db.execute<MatchRow>(sql`
    with latest as (
      select distinct on (a.listing_id) a.listing_id, a.kind, a.previous_rent_cents, a.created_at
      from alerts a
      where a.saved_search_id = ${search.id} and a.kind in ('new_match', 'price_drop')
      order by a.listing_id, a.created_at desc, a.id desc
    )
    select ${sql.raw(SUMMARY_COLUMNS)}, latest.kind, latest.previous_rent_cents,
      latest.created_at as announced_at,
      latest.created_at > (select s.last_seen_at from saved_searches s where s.id = ${search.id})
        as is_new
    from latest join listings l on l.id = latest.listing_id
    where l.status = 'active'
      and ${beforeCursor(sql`latest.created_at`, sql`l.id`, query.cursor)}
    order by latest.created_at desc, l.id desc
    limit ${query.limit + 1}`);
  const page = keysetPage(
    result.rows,
    query.limit,
    (row) => ({ at: row.announced_at, id: row.id }),
    (row) => ({
      listing: toSummary(storage, row),
      kind: row.kind as 'new_match' | 'price_drop',
      announcedAt: isoTime(row.announced_at),
      isNew: row.is_new,
      previousRentCents: row.previous_rent_cents,
    }),
  );
  return { items: page.items, nextCursor: page.nextCursor ?? null };
}
