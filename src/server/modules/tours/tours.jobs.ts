import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { tourNotices } from '../../db/schema/tour-notices.ts';
import { tours } from '../../db/schema/tours.ts';
import type { ModuleJobs } from '../../lib/jobs/jobs.ts';
import { transactionWithEvents } from '../events/events.service.ts';
import { announceTour, REMINDERS } from './tour-effects.ts';
import { tourMails } from './tour-mail.ts';
import { selectTour } from './tour-view.ts';
import { toursDeps } from './tours.service.ts';
import { expireOffer, offerFreedSlot } from './waitlist-offers.ts';
import { enqueueSlotFreed } from './waitlist-queue.ts';

const ReminderPayloadSchema = z.object({
  tourId: z.uuid(),
  kind: z.enum(REMINDERS.map((r) => r.kind) as ['reminder-24h', 'reminder-2h']),
});
const TourPayloadSchema = z.object({ tourId: z.uuid() });
const FreedSlotPayloadSchema = z.object({
  listingId: z.uuid(),
  start: z.iso.datetime().optional(),
});
const EntryPayloadSchema = z.object({ entryId: z.uuid() });

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /** 24 h and 2 h before a confirmed tour, to both sides (jobKey per tour and kind). */
    'tours.reminder': z.infer<typeof ReminderPayloadSchema>;
    /** A request still unanswered at its expiresAt becomes expired. */
    'tours.expire-request': z.infer<typeof TourPayloadSchema>;
    /** A slot freed up on the listing: offer it to the first matching waitlist entry. */
    'tours.offer-freed-slot': z.infer<typeof FreedSlotPayloadSchema>;
    /** A waitlist offer's hold ended: if not taken, the slot goes to the next in line. */
    'tours.waitlist-offer-expire': z.infer<typeof EntryPayloadSchema>;
  }
}

type ToursJobName =
  | 'tours.reminder'
  | 'tours.expire-request'
  | 'tours.offer-freed-slot'
  | 'tours.waitlist-offer-expire';

/**
 * The reminder: sent once per tour and kind. The `tour_notices` row is written in the same
 * transaction as the mails, so a second run (a retry, another instance) finds it and sends
 * nothing; a tour no longer confirmed, or already started, gets no reminder.
 */
export async function sendReminder(
  deps: ReturnType<typeof toursDeps>,
  input: z.infer<typeof ReminderPayloadSchema>,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: string }>(sql`
      select id from ${tours} where id = ${input.tourId} and status = 'confirmed'
        and starts_at > now() for update`);
    if (locked.rows.length === 0) return false;
    const noted = await tx.execute(sql`
      insert into ${tourNotices} (tour_id, kind) values (${input.tourId}, ${input.kind})
      on conflict do nothing returning tour_id`);
    if (noted.rows.length === 0) return false;
    const tour = await selectTour(tx, deps.coverUrl, input.tourId);
    if (!tour) return false;
    for (const mail of tourMails(tour, input.kind, deps)) await deps.mailer.send(mail, tx);
    return true;
  });
}

/** A request nobody answered by its deadline expires, and its seat goes to the waitlist. */
export async function expireRequest(
  deps: ReturnType<typeof toursDeps>,
  tourId: string,
): Promise<boolean> {
  const now = new Date();
  return transactionWithEvents(deps, async (tx) => {
    const expired = await tx.execute<{ listing_id: string; starts_at: string }>(sql`
      update ${tours} set status = 'expired', expires_at = null, sequence = sequence + 1,
        updated_at = now()
      where id = ${tourId} and status = 'requested' and expires_at <= now()
      returning listing_id, starts_at`);
    const row = expired.rows[0];
    if (!row) return false;
    await enqueueSlotFreed(tx, row.listing_id, new Date(row.starts_at).toISOString());
    await announceTour(tx, deps, { tourId, kind: 'expired', actorId: null, now });
    return true;
  });
}

export function toursJobs(appDeps: AppDeps): ModuleJobs<ToursJobName> {
  const deps = toursDeps(appDeps);
  return {
    tasks: {
      'tours.reminder': {
        payload: ReminderPayloadSchema,
        async run(payload) {
          await sendReminder(deps, payload);
        },
      },
      'tours.expire-request': {
        payload: TourPayloadSchema,
        async run({ tourId }) {
          await expireRequest(deps, tourId);
        },
      },
      'tours.offer-freed-slot': {
        payload: FreedSlotPayloadSchema,
        async run(payload) {
          await offerFreedSlot(deps, payload);
        },
      },
      'tours.waitlist-offer-expire': {
        payload: EntryPayloadSchema,
        async run({ entryId }) {
          await expireOffer(deps, entryId);
        },
      },
    },
  };
}
