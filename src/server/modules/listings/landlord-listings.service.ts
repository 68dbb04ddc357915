import { LANDLORD_LISTING_CHOICES_MAX } from '../../../shared/landlord-listings.ts';
import { LISTING_STATUSES, type ListingStatus } from '../../../shared/listings.ts';
import type {
  LandlordListingChoices,
  LandlordListingChoicesQuery,
  LandlordListingsPage,
  LandlordListingsQuery,
  ListingStatusCounts,
} from '../../../shared/schemas/landlord-listings.ts';
import type { Db } from '../../db/client.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './listing-json.ts';
import { flushViews } from './listings.service.ts';

export {
  type DailyFigures,
  DailyViewsCache,
  landlordDailyFigures,
  sumFigures,
} from './landlord-figures.ts';
export { flushViews, LISTING_VIEWS_CHANNEL } from './listing-views.ts';

type LandlordRow = SummaryRow & {
  view_count: number;
  save_count: number;
  inquiry_count: number;
  created_at: string;
  updated_at: string;
};

/**
 * The landlord's conversations about listing `l`: opened from it, or with a message sent from
 * it. An inquiry is one of them in which the other person has written.
 */
const ABOUT_LISTING = `
  select c.id from conversations c
  where c.listing_id = l.id and l.landlord_id in (c.participant1_id, c.participant2_id)
  union
  select c.id from messages m join conversations c on c.id = m.conversation_id
  where m.listing_id = l.id and l.landlord_id in (c.participant1_id, c.participant2_id)`;

/** $1 landlord, $2 status or null, $3 ILIKE pattern or null. */
const MATCHES = `l.landlord_id = $1
  and ($2::text is null or l.status = $2)
  and ($3::text is null or l.title ilike $3 or l.address ilike $3)`;

/*
 * Named statements: each connection plans them once. Planning the page query (four subqueries)
 * cost more than running it (6.5 ms against 4 ms, measured on the demo landlord).
 */
const SELECT_STATUS_COUNTS = {
  name: 'landlord-listing-status-counts',
  text: `select l.status, count(*)::int as n from listings l
    where l.landlord_id = $1 and ($2::text is null or l.title ilike $2 or l.address ilike $2)
    group by l.status`,
};

const SELECT_PAGE = {
  name: 'landlord-listings-page',
  text: `select ${SUMMARY_COLUMNS},
      coalesce(s.view_count, 0) as view_count,
      (select count(*)::int from saved_listings sl
        where sl.listing_id = l.id and sl.user_id <> l.landlord_id) as save_count,
      (select count(*)::int from (${ABOUT_LISTING}) about
        where exists (select 1 from messages m
          where m.conversation_id = about.id and m.sender_id <> l.landlord_id)) as inquiry_count,
      to_json(l.created_at) #>> '{}' as created_at, to_json(l.updated_at) #>> '{}' as updated_at
    from (select l.id from listings l where ${MATCHES}
      order by l.created_at desc, l.id desc limit $4 offset $5) page
    join listings l on l.id = page.id
    left join listing_stats s on s.listing_id = l.id
    order by l.created_at desc, l.id desc`,
};

/** `%`, `_` and `\` are ILIKE wildcards; a typed one means itself. */
function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function emptyCounts(): ListingStatusCounts {
  return { draft: 0, active: 0, rented: 0, archived: 0 };
}

async function statusCounts(db: Db, landlordId: string, pattern: string | null) {
  const result = await db.$client.query<{ status: ListingStatus; n: number }>({
    ...SELECT_STATUS_COUNTS,
    values: [landlordId, pattern],
  });
  const counts = emptyCounts();
  for (const row of result.rows) {
    if ((LISTING_STATUSES as readonly string[]).includes(row.status)) counts[row.status] = row.n;
  }
  return counts;
}

/**
 * `GET /api/landlord/listings`: one page of the landlord's listings, newest first, searched by
 * title and address and filtered by status. Saves never count the owner's own.
 */
export async function landlordListings({
  ctx: { db, storage, user },
  input: query,
}: {
  ctx: UserCtx<{ storage: MediaStorage }>;
  input: LandlordListingsQuery;
}): Promise<LandlordListingsPage> {
  const landlordId = user.id;
  await flushViews(db);
  const { q, status, page, pageSize } = query;
  const pattern = q ? likePattern(q) : null;
  const [counts, result] = await Promise.all([
    statusCounts(db, landlordId, pattern),
    db.$client.query<LandlordRow>({
      ...SELECT_PAGE,
      values: [landlordId, status ?? null, pattern, pageSize, (page - 1) * pageSize],
    }),
  ]);
  const total = status
    ? counts[status]
    : counts.draft + counts.active + counts.rented + counts.archived;
  return {
    items: result.rows.map((row) => ({
      ...toSummary(storage, row, 'owner'), // their own: the exact position
      viewCount: row.view_count,
      saveCount: row.save_count,
      inquiryCount: row.inquiry_count,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    total,
    page,
    pageSize,
    statusCounts: counts,
  };
}

/** The landlord's listings by status. */
export function landlordStatusCounts({ ctx: { db, user } }: { ctx: UserCtx }) {
  return statusCounts(db, user.id, null);
}

const SELECT_CHOICES = {
  name: 'landlord-listing-choices',
  text: `select l.id, l.title, l.status, count(*) over ()::int as total from listings l
    where l.landlord_id = $1 and ($2::text is null or l.status = $2)
    order by l.title collate "C", l.id limit $3`,
};

/**
 * `GET /api/landlord/listing-choices`: the landlord's listings as a picker offers them, id,
 * title and status only, by title (byte order, the same on every server; a picker sorts for its
 * reader). The pickers read them all at once; a page of the manager's
 * table (with its figures) was 1.3 KB a listing.
 */
export async function landlordListingChoices({
  ctx: { db, user },
  input: { status },
}: {
  ctx: UserCtx;
  input: LandlordListingChoicesQuery;
}): Promise<LandlordListingChoices> {
  const result = await db.$client.query<{
    id: string;
    title: string;
    status: ListingStatus;
    total: number;
  }>({ ...SELECT_CHOICES, values: [user.id, status ?? null, LANDLORD_LISTING_CHOICES_MAX] });
  return {
    items: result.rows.map(({ id, title, status }) => ({ id, title, status })),
    total: result.rows[0]?.total ?? 0,
  };
}
