import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, type Tour, type TourStatus } from '../../../shared/schemas/tours.ts';
import type { Db } from '../../db/client.ts';
import { landlordAvailability, tours } from '../../db/schema/tours.ts';
import { isoTime, isoTimeOrNull } from '../../lib/time.ts';
import {
  type CoverUrl,
  LISTING_REF_COLUMNS,
  type ListingRefRow,
  toListingRef,
} from './listing-ref.ts';

export { type CoverUrl, coverUrlFrom } from './listing-ref.ts';

/** A transaction or the pool. */
export type Executor = Pick<Db, 'execute'>;

/** A tour with what the API, mails and calendar files show of it (emails stay server-side). */
export type TourRecord = Tour & {
  renterEmail: string;
  landlordEmail: string;
  /** The first tour of its reschedule chain: the calendar event's UID. */
  chainRootId: string;
};

type TourRow = ListingRefRow & {
  id: string;
  renter_id: string;
  landlord_id: string;
  starts_at: string;
  ends_at: string;
  type: Tour['type'];
  note: string | null;
  status: TourStatus;
  expires_at: string | null;
  cancelled_by: 'renter' | 'landlord' | null;
  cancel_reason: string | null;
  rescheduled_from_id: string | null;
  rescheduled_to_id: string | null;
  chain_root_id: string;
  sequence: number;
  created_at: string;
  updated_at: string;
  renter_name: string;
  renter_email: string;
  landlord_name: string;
  landlord_email: string;
  time_zone: string | null;
};

/** Select list of a tour `t` with its listing `l`, people and time zone. */
function tourSelect(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select t.id, t.listing_id, t.renter_id, t.landlord_id, t.starts_at, t.ends_at, t.type, t.note,
      t.status, t.expires_at, t.cancelled_by, t.cancel_reason, t.rescheduled_from_id,
      t.sequence, t.created_at, t.updated_at,
      (select n.id from ${tours} n where n.rescheduled_from_id = t.id
        order by n.created_at desc limit 1) as rescheduled_to_id,
      (with recursive chain(id, from_id) as (
          select t.id, t.rescheduled_from_id
          union all
          select p.id, p.rescheduled_from_id from ${tours} p join chain on p.id = chain.from_id)
        select id from chain where from_id is null limit 1) as chain_root_id,
      ${LISTING_REF_COLUMNS},
      r.name as renter_name, r.email as renter_email,
      ll.name as landlord_name, ll.email as landlord_email,
      a.time_zone
    from ${tours} t
    join listings l on l.id = t.listing_id
    join users r on r.id = t.renter_id
    join users ll on ll.id = t.landlord_id
    left join ${landlordAvailability} a on a.landlord_id = t.landlord_id
    where ${where} ${tail}`;
}

function toRecord(row: TourRow, coverUrl: CoverUrl): TourRecord {
  return {
    id: row.id,
    listingId: row.listing_id,
    listing: toListingRef(row, coverUrl),
    renter: { id: row.renter_id, name: row.renter_name },
    landlord: { id: row.landlord_id, name: row.landlord_name },
    start: isoTime(row.starts_at),
    end: isoTime(row.ends_at),
    timeZone: row.time_zone ?? DEFAULT_TIME_ZONE,
    type: row.type,
    note: row.note,
    status: row.status,
    expiresAt: isoTimeOrNull(row.expires_at),
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    rescheduledFromId: row.rescheduled_from_id,
    rescheduledToId: row.rescheduled_to_id,
    sequence: row.sequence,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    renterEmail: row.renter_email,
    landlordEmail: row.landlord_email,
    chainRootId: row.chain_root_id ?? row.id,
  };
}

/** The API's view of a tour: the record without the people's emails. */
export function toTour(record: TourRecord): Tour {
  const { renterEmail: _r, landlordEmail: _l, chainRootId: _c, ...tour } = record;
  return tour;
}

export async function selectTours(
  db: Executor,
  coverUrl: CoverUrl,
  where: SQL,
  tail?: SQL,
): Promise<TourRecord[]> {
  const result = await db.execute<TourRow>(tourSelect(where, tail));
  return result.rows.map((row) => toRecord(row, coverUrl));
}

export async function selectTour(
  db: Executor,
  coverUrl: CoverUrl,
  id: string,
): Promise<TourRecord | undefined> {
  const [record] = await selectTours(db, coverUrl, sql`t.id = ${id}`);
  return record;
}
