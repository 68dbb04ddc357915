import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TourSettings } from '../../../shared/schemas/tours.ts';
import { listings } from '../../db/schema/listings.ts';
import {
  landlordAvailability,
  listingTourSettings,
  tours,
  waitlistEntries,
} from '../../db/schema/tours.ts';
import {
  type Executor,
  fullSettings,
  type ListingTourContext,
  toAvailability,
} from './availability-store.ts';
import type { BusyTour, SlotHold } from './slots.ts';

/*
 * Everything slots need, in one round trip (the tour-slots endpoint is the hot read of issue
 * 13): the listing, its landlord's availability and its own settings, the landlord's active
 * tours on every listing (with each listing's buffers) and the waitlist offers held on it.
 * Instants come back as epoch milliseconds inside JSON, so no timestamp text is parsed per row.
 */

const DAY = 86_400_000;

/** Tours that hold their time: a request waiting for an answer, or a confirmed tour. */
export const ACTIVE_TOUR_STATUSES = ['requested', 'confirmed'] as const;

// The statement names each table under a short alias (`from tours as t`).
const l = alias(listings, 'l');
const a = alias(landlordAvailability, 'a');
const own = alias(listingTourSettings, 'own');
const t = alias(tours, 't');
const ts = alias(listingTourSettings, 'ts');
const w = alias(waitlistEntries, 'w');

/** Epoch ms; date_part works in double precision, several times cheaper than extract's numeric. */
const epochMs = (column: unknown) => sql`(date_part('epoch', ${column}) * 1000)::int8`;

type SourcesRow = {
  landlord_id: string;
  status: string;
  has_availability: boolean;
  time_zone: string | null;
  weekly_hours: ListingTourContext['availability']['weeklyHours'] | null;
  overrides: ListingTourContext['availability']['overrides'] | null;
  vacations: ListingTourContext['availability']['vacations'] | null;
  tour_defaults: TourSettings | null;
  own_settings: TourSettings | null;
  /** [listingId, startMs, endMs, bufferBefore | null, bufferAfter | null] */
  busy: [string, number, number, number | null, number | null][];
  /** [renterId, startMs, endMs] */
  holds: [string, number, number][];
};

export type SlotSources = { context: ListingTourContext; busy: BusyTour[]; holds: SlotHold[] };

/**
 * The sources for local dates `from`..`to`, or null when `visible` hides the listing. Tours are
 * read two days either side in UTC (more than any zone's offset plus any buffer) and never
 * before yesterday; the engine decides exactly.
 */
export async function loadSlotSources(
  db: Executor,
  input: {
    listingId: string;
    visible: (listing: typeof l) => SQL;
    from: string;
    to: string;
    now: Date;
    ignoreTourId?: string;
  },
): Promise<SlotSources | null> {
  const lower = new Date(Math.max(Date.parse(input.from) - 2 * DAY, input.now.getTime() - DAY));
  const upper = new Date(Date.parse(input.to) + 3 * DAY);
  const ignore = input.ignoreTourId ? sql`and ${t.id} <> ${input.ignoreTourId}` : sql``;
  const { rows } = await db.execute<SourcesRow>(sql`
    select ${l.landlordId} as landlord_id, ${l.status} as status,
      ${a.landlordId} is not null as has_availability, ${a.timeZone} as time_zone,
      ${a.weeklyHours} as weekly_hours, ${a.overrides} as overrides,
      ${a.vacations} as vacations, ${a.tourDefaults} as tour_defaults,
      ${own.settings} as own_settings,
      (select coalesce(json_agg(json_build_array(${t.listingId}, ${epochMs(t.startsAt)},
          ${epochMs(t.endsAt)}, (${ts.settings} ->> 'bufferBeforeMinutes')::int,
          (${ts.settings} ->> 'bufferAfterMinutes')::int)), '[]'::json)
        from ${tours} as t left join ${listingTourSettings} as ts on ${ts.listingId} = ${t.listingId}
        where ${t.landlordId} = ${l.landlordId}
          and ${t.status} = any(${sql.param([...ACTIVE_TOUR_STATUSES])}::text[])
          and ${t.startsAt} < ${upper} and ${t.endsAt} > ${lower} ${ignore}) as busy,
      (select coalesce(json_agg(json_build_array(${w.renterId}, ${epochMs(w.offerStartsAt)},
          ${epochMs(w.offerEndsAt)})), '[]'::json)
        from ${waitlistEntries} as w
        where ${w.listingId} = ${l.id} and ${w.status} = 'offered'
          and ${w.offerExpiresAt} > ${input.now}
          and ${w.offerStartsAt} < ${upper} and ${w.offerEndsAt} > ${lower}) as holds
    from ${listings} as l
      left join ${landlordAvailability} as a on ${a.landlordId} = ${l.landlordId}
      left join ${listingTourSettings} as own on ${own.listingId} = ${l.id}
    where ${l.id} = ${input.listingId} and ${input.visible(l)}`);
  const row = rows[0];
  if (!row) return null;
  const availability = toAvailability(
    row.has_availability
      ? {
          landlordId: row.landlord_id,
          timeZone: row.time_zone ?? '',
          weeklyHours: row.weekly_hours ?? toAvailability(null).weeklyHours,
          overrides: row.overrides ?? [],
          vacations: row.vacations ?? [],
          tourDefaults: fullSettings(row.tour_defaults),
          updatedAt: input.now,
        }
      : null,
  );
  const settings = row.own_settings ? fullSettings(row.own_settings) : availability.tourDefaults;
  const context: ListingTourContext = {
    listingId: input.listingId,
    landlordId: row.landlord_id,
    status: row.status,
    availability,
    settings,
    inherited: !row.own_settings,
  };
  const defaults = availability.tourDefaults;
  const busy = row.busy.map(([listingId, start, end, before, after]): BusyTour => {
    // This listing's buffers are its effective settings; another's its own, else the defaults.
    const mine = listingId === input.listingId;
    return {
      listingId,
      start: new Date(start),
      end: new Date(end),
      bufferBeforeMinutes: mine
        ? settings.bufferBeforeMinutes
        : (before ?? defaults.bufferBeforeMinutes),
      bufferAfterMinutes: mine
        ? settings.bufferAfterMinutes
        : (after ?? defaults.bufferAfterMinutes),
    };
  });
  const holds = row.holds.map(
    ([renterId, start, end]): SlotHold => ({
      renterId,
      start: new Date(start),
      end: new Date(end),
    }),
  );
  return { context, busy, holds };
}
