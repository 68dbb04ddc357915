import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { TourSchema } from '../../../shared/schemas/tours.ts';
import { addJobSql, enqueueJob } from '../../lib/jobs/jobs.ts';
import { createTestApp, createTestDatabase } from '../../test/test-app.ts';
import { booked, slotIn, tourWorld } from '../../test/tour-fixtures.ts';
import { reminderJobKey } from './tour-effects.ts';
import { sendReminder } from './tours.jobs.ts';
import { toursDeps } from './tours.service.ts';

/** Two app instances, each with its own job runner, on one database. */
const shared = (await createTestDatabase()).url;
const one = await createTestApp({ database: shared });
const two = await createTestApp({ database: shared });
const { app, client, db } = one;
const WAIT = { timeout: 20_000, interval: 100 };

async function jobKeys(tourId: string) {
  const { rows } = await db.execute<{ key: string }>(
    sql`select key from graphile_worker.jobs where key like ${`tours.%${tourId}%`} order by key`,
  );
  return rows.map((row) => row.key);
}

async function reminderMails(to: string) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from outbox_emails where "to" = ${to} and subject like 'Reminder:%'`,
  );
  return rows[0]?.n ?? -1;
}

describe('reminders', () => {
  it('are scheduled 24 h and 2 h before a confirmed tour, and removed when it is cancelled', async () => {
    const { renter, listingId } = await tourWorld(app, client, db);
    const tour = await booked(renter, listingId, slotIn(30));
    expect(await jobKeys(tour.id)).toEqual([
      reminderJobKey(tour.id, 'reminder-24h'),
      reminderJobKey(tour.id, 'reminder-2h'),
    ]);
    // Booked 10 h ahead: only the 2 h reminder is still ahead.
    const soon = await booked(renter, listingId, slotIn(10));
    expect(await jobKeys(soon.id)).toEqual([reminderJobKey(soon.id, 'reminder-2h')]);
    await renter.client.post(`/api/tours/${tour.id}/cancel`, {});
    expect(await jobKeys(tour.id)).toEqual([]);
  });

  it('each is sent exactly once with two instances running, and never for a cancelled tour', async () => {
    expect([one.deps.jobs.health(), two.deps.jobs.health()]).toEqual(['ok', 'ok']);
    const { renter, landlord, listingId } = await tourWorld(app, client, db);
    const tour = await booked(renter, listingId, slotIn(30));
    const cancelled = await booked(renter, listingId, slotIn(31));
    await renter.client.post(`/api/tours/${cancelled.id}/cancel`, {});
    const runAt = new Date(Date.now() + 1_000);
    await db.transaction(async (tx) => {
      // The real job (its key moved to now), plus stray copies under other keys: a duplicate
      // enqueue must still send once.
      for (const key of [reminderJobKey(tour.id, 'reminder-24h'), 'dup-1', 'dup-2']) {
        await enqueueJob(
          tx,
          'tours.reminder',
          { tourId: tour.id, kind: 'reminder-24h' },
          { runAt, jobKey: key },
        );
      }
      await tx.execute(
        addJobSql('tours.reminder', { tourId: cancelled.id, kind: 'reminder-24h' }, { runAt }),
      );
    });
    await vi.waitFor(async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'tours.reminder'
          and run_at <= now()`,
      );
      expect(rows[0]?.n).toBe(0);
    }, WAIT);
    await vi.waitFor(async () => {
      expect(await reminderMails(renter.email)).toBe(1);
      expect(await reminderMails(landlord.email)).toBe(1);
    }, WAIT);
    const notices = await db.execute<{ tour_id: string }>(sql`select tour_id from tour_notices`);
    expect(notices.rows.map((r) => r.tour_id)).toEqual([tour.id]);
    // Run by hand on both instances at once: nothing more goes out.
    const results = await Promise.all(
      [one, two].map(({ deps }) =>
        sendReminder(toursDeps(deps), { tourId: tour.id, kind: 'reminder-24h' }),
      ),
    );
    expect(results).toEqual([false, false]);
    expect(await reminderMails(renter.email)).toBe(1);
  });
});

describe('request expiry', () => {
  it('a request unanswered at its deadline expires through its job, with a cancelling .ics', async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db, { mode: 'request' });
    const tour = await booked(renter, listingId, slotIn(30));
    expect(await jobKeys(tour.id)).toEqual([`tours.expire-request:${tour.id}`]);
    await db.execute(
      sql`update tours set expires_at = now() - interval '1 second' where id = ${tour.id}`,
    );
    await enqueueJob(
      db,
      'tours.expire-request',
      { tourId: tour.id },
      {
        jobKey: `tours.expire-request:${tour.id}`,
      },
    );
    const expired = await vi.waitFor(async () => {
      const res = await landlord.client.get(`/api/tours/${tour.id}`);
      const current = TourSchema.parse(await res.json());
      expect(current.status).toBe('expired');
      return current;
    }, WAIT);
    expect(expired.sequence).toBe(1);
    const ics = await (await renter.client.get(`/api/tours/${tour.id}/ics`)).text();
    expect(ics).toContain('METHOD:CANCEL');
    // Confirming it now is too late.
    const late = await landlord.client.post(`/api/tours/${tour.id}/confirm`, {});
    expect(late.status).toBe(409);
  });
});
