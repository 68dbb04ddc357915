import { enqueueJob } from '../../lib/jobs/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type EventsTransaction, publishEvents } from '../events/events.service.ts';
import { postAutomaticNote } from '../messaging/messages.service.ts';
import { formatTourTime, type TourMailKind, tourMails } from './tour-mail.ts';
import { type CoverUrl, type Executor, selectTour, type TourRecord, toTour } from './tour-view.ts';
import { removeJob } from './waitlist-queue.ts';

/*
 * What follows every change of a tour, in the transaction that made it (so a rollback undoes it
 * all): `tour.changed` to both sides, a mail to both with the .ics, the reminder and expiry jobs
 * brought in line with the new status, and for a booking, a move or a cancellation a short note
 * in the pair's conversation.
 */

export type TourEffectsDeps = {
  mailer: Mailer;
  coverUrl: CoverUrl;
  baseUrl: string;
  organizerEmail: string;
};

export const REMINDERS = [
  { kind: 'reminder-24h', beforeMs: 24 * 3_600_000 },
  { kind: 'reminder-2h', beforeMs: 2 * 3_600_000 },
] as const;
export type ReminderKind = (typeof REMINDERS)[number]['kind'];

export const reminderJobKey = (tourId: string, kind: ReminderKind) =>
  `tours.reminder:${tourId}:${kind}`;
export const expiryJobKey = (tourId: string) => `tours.expire-request:${tourId}`;

/** Reminders for a confirmed tour (those still ahead); none for any other status. */
export async function syncTourJobs(
  tx: Executor,
  tour: Pick<TourRecord, 'id' | 'start' | 'status' | 'expiresAt'>,
  now: Date,
): Promise<void> {
  const start = new Date(tour.start).getTime();
  for (const { kind, beforeMs } of REMINDERS) {
    const runAt = new Date(start - beforeMs);
    if (tour.status === 'confirmed' && runAt.getTime() > now.getTime()) {
      await enqueueJob(
        tx,
        'tours.reminder',
        { tourId: tour.id, kind },
        { runAt, jobKey: reminderJobKey(tour.id, kind) },
      );
    } else {
      await removeJob(tx, reminderJobKey(tour.id, kind));
    }
  }
  if (tour.status === 'requested' && tour.expiresAt) {
    await enqueueJob(
      tx,
      'tours.expire-request',
      { tourId: tour.id },
      { runAt: new Date(tour.expiresAt), jobKey: expiryJobKey(tour.id) },
    );
  } else {
    await removeJob(tx, expiryJobKey(tour.id));
  }
}

/** The conversation note for a change, or null for changes that need none. */
function noteFor(tour: TourRecord, kind: TourMailKind): string | null {
  const when = formatTourTime(tour.start, tour.timeZone);
  const what = tour.type === 'video' ? 'video tour' : 'tour';
  switch (kind) {
    case 'booked':
      return `Tour booked: ${what} of ${tour.listing.title} on ${when}.`;
    case 'requested':
      return `Tour requested: ${what} of ${tour.listing.title} on ${when} (waiting for confirmation).`;
    case 'rescheduled':
      return `Tour moved: the ${what} of ${tour.listing.title} is now on ${when}.`;
    case 'cancelled':
      return `Tour cancelled: the ${what} of ${tour.listing.title} on ${when}.${tour.cancelReason ? ` Reason: ${tour.cancelReason}` : ''}`;
    default:
      return null;
  }
}

/**
 * Announces tour `tourId` after `kind` happened, acted by `actorId` (null: the system, e.g. an
 * expiry). Returns the tour as it now is.
 */
export async function announceTour(
  tx: EventsTransaction,
  deps: TourEffectsDeps,
  input: {
    tourId: string;
    kind: TourMailKind;
    actorId: string | null;
    now: Date;
    /** Only the live event and the jobs: the tour a reschedule replaced (its successor mails). */
    quiet?: boolean;
  },
): Promise<TourRecord> {
  const tour = await selectTour(tx, deps.coverUrl, input.tourId);
  if (!tour) throw new Error(`tour ${input.tourId} vanished inside its own transaction`);
  const view = toTour(tour);
  await publishEvents(tx, [
    { userId: tour.renter.id, type: 'tour.changed', data: { tour: view } },
    { userId: tour.landlord.id, type: 'tour.changed', data: { tour: view } },
  ]);
  await syncTourJobs(tx, tour, input.now);
  if (input.quiet) return tour;
  for (const mail of tourMails(tour, input.kind, deps)) await deps.mailer.send(mail, tx);
  const note = noteFor(tour, input.kind);
  if (note && input.actorId) {
    const other = input.actorId === tour.renter.id ? tour.landlord.id : tour.renter.id;
    await postAutomaticNote(tx, {
      senderId: input.actorId,
      receiverId: other,
      listingId: tour.listingId,
      content: note,
      idempotencyKey: `tour:${tour.id}:${input.kind}`,
    });
  }
  return tour;
}
