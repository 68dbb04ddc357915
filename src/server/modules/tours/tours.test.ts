import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it, vi } from 'vitest';
import { TourSchema, ToursResponseSchema } from '../../../shared/schemas/tours.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  book,
  booked,
  openAllDay,
  setListingSettings,
  shiftTour,
  slotIn,
  tourWorld,
} from '../../test/tour-fixtures.ts';

const { app, client, db } = await createTestApp();
const WAIT = { timeout: 20_000, interval: 100 };

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, ...body.error };
}

async function countTours(listingId: string, where = sql`true`) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from tours where listing_id = ${listingId} and ${where}`,
  );
  return rows[0]?.n ?? -1;
}

describe('POST /api/tours', () => {
  it('books an instant slot: 201 with the confirmed tour at the top level', async () => {
    const { renter, listingId, landlord } = await tourWorld(app, client, db);
    const start = slotIn(30);
    const res = await book(renter, listingId, start, { note: 'Buzz 4F' });
    expect(res.status).toBe(201);
    const tour = TourSchema.parse(await res.json());
    expect(tour).toMatchObject({
      listingId,
      status: 'confirmed',
      start,
      end: new Date(new Date(start).getTime() + 20 * 60_000).toISOString(),
      note: 'Buzz 4F',
      renter: { id: renter.id },
      landlord: { id: landlord.id },
      sequence: 0,
      expiresAt: null,
    });
    // Both sides got a mail with the calendar file, and the pair's conversation a note.
    const mails = await db.execute<{
      to: string;
      attachments: { filename: string; content: string }[];
    }>(
      sql`select "to", attachments from outbox_emails
        where "to" in (${renter.email}, ${landlord.email}) and subject like '%our%'
          and jsonb_array_length(attachments) > 0`,
    );
    expect(mails.rows.map((m) => m.to).sort()).toEqual([renter.email, landlord.email].sort());
    for (const mail of mails.rows) {
      expect(mail.attachments[0]?.filename).toMatch(/\.ics$/);
      expect(mail.attachments[0]?.content).toContain(`UID:tour-${tour.id}@stoop`);
    }
    const notes = await db.execute<{ content: string }>(
      sql`select content from messages where sender_id = ${renter.id} and receiver_id = ${landlord.id}`,
    );
    expect(notes.rows[0]?.content).toMatch(/^Tour booked: tour of .+ on /);
  });

  it('in request mode makes a request that expires after requestExpiryHours', async () => {
    const { renter, listingId } = await tourWorld(app, client, db, {
      mode: 'request',
      requestExpiryHours: 12,
    });
    const before = Date.now();
    const tour = await booked(renter, listingId, slotIn(40));
    expect(tour.status).toBe('requested');
    const expires = new Date(tour.expiresAt ?? 0).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 12 * 3_600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000 + 1_000);
    // A request for a tour sooner than that must be answered before the tour starts.
    const soon = await booked(renter, listingId, slotIn(5));
    expect(soon.expiresAt).toBe(soon.start);
  });

  it('refuses bad starts with a clear 400 and changes nothing', async () => {
    const { renter, listingId } = await tourWorld(app, client, db, {
      minNoticeMinutes: 240,
      windowDays: 7,
      types: ['in_person'],
    });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ start: slotIn(-2) }, /already passed/],
      [{ start: slotIn(2) }, /at least 4 h ahead/],
      [{ start: slotIn(24 * 9) }, /at most 7 days ahead/],
      [
        { start: new Date(new Date(slotIn(30)).getTime() + 7 * 60_000).toISOString() },
        /not one of this listing's tour times/,
      ],
      [{ start: slotIn(30), type: 'video' }, /in-person tours only/],
      [{ start: slotIn(30), note: 'x'.repeat(501) }, /at most 500 characters/],
      [{ start: 'tomorrow at five' }, /./],
    ];
    for (const [extra, message] of cases) {
      const error = await errorOf(await book(renter, listingId, slotIn(30), extra));
      expect(error, JSON.stringify(extra).slice(0, 80)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(error.message).toMatch(message);
    }
    expect(await countTours(listingId)).toBe(0);
  });

  it('answers 404 for a listing that is not public', async () => {
    const renter = await person(client, 'renter');
    const error = await errorOf(await book(renter, randomUUID(), slotIn(30)));
    expect(error).toMatchObject({ status: 404 });
  });

  it('gives a taken private slot a 409 SLOT_TAKEN, and a slot inside its buffer too', async () => {
    const { renter, listingId } = await tourWorld(app, client, db);
    const start = slotIn(30);
    await booked(renter, listingId, start);
    const other = await person(client, 'renter');
    expect(await errorOf(await book(other, listingId, start))).toMatchObject({
      status: 409,
      code: 'SLOT_TAKEN',
    });
    // 20 min later sits inside the 10 min buffer after? No: 20 min tour + 10 min buffer.
    const next = new Date(new Date(start).getTime() + 20 * 60_000).toISOString();
    expect(await errorOf(await book(other, listingId, next))).toMatchObject({ status: 409 });
  });

  it('returns the first tour for a repeated idempotency key, also when sent at once', async () => {
    const { renter, listingId } = await tourWorld(app, client, db);
    const body = { listingId, start: slotIn(30), type: 'in_person', idempotencyKey: randomUUID() };
    const first = await renter.client.post('/api/tours', body);
    expect(first.status).toBe(201);
    const firstTour = TourSchema.parse(await first.json());
    const again = await renter.client.post('/api/tours', body);
    expect([200, 201]).toContain(again.status);
    expect(TourSchema.parse(await again.json()).id).toBe(firstTour.id);

    const concurrent = { ...body, start: slotIn(32), idempotencyKey: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => renter.client.post('/api/tours', concurrent)),
    );
    const ids = new Set<string>();
    for (const res of answers) {
      expect([200, 201]).toContain(res.status);
      ids.add(TourSchema.parse(await res.json()).id);
    }
    expect(ids.size).toBe(1);
    expect(await countTours(listingId, sql`idempotency_key = ${concurrent.idempotencyKey}`)).toBe(
      1,
    );
    // The key used for another time is a conflict, not a silent second tour.
    const reused = await renter.client.post('/api/tours', { ...body, start: slotIn(34) });
    expect(await errorOf(reused)).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('50 renters booking one private slot at once: one confirmed, 49 clear 409s', async () => {
    const { listingId } = await tourWorld(app, client, db);
    const renters = await Promise.all(Array.from({ length: 50 }, () => person(client, 'renter')));
    const start = slotIn(50);
    const answers = await Promise.all(renters.map((renter) => book(renter, listingId, start)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(await errorOf(res)).toMatchObject({
        code: 'SLOT_TAKEN',
        message: 'That time was just taken. Please choose another.',
      });
    }
    expect(await countTours(listingId, sql`status in ('requested', 'confirmed')`)).toBe(1);
  });

  it('capacity 3: exactly three of 20 renters get the open-house slot', async () => {
    const { listingId } = await tourWorld(app, client, db);
    await setListingSettings(db, listingId, { capacity: 3 });
    const renters = await Promise.all(Array.from({ length: 20 }, () => person(client, 'renter')));
    const start = slotIn(60);
    const answers = await Promise.all(renters.map((renter) => book(renter, listingId, start)));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(17);
    const seats = await db.execute<{ seat: number }>(
      sql`select seat from tours where listing_id = ${listingId} order by seat`,
    );
    expect(seats.rows.map((r) => r.seat)).toEqual([1, 2, 3]);
  });
});

describe('GET /api/tours', () => {
  it("lists a renter's own and a landlord's tours, with scope, status and listing filters", async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db);
    const upcoming = await booked(renter, listingId, slotIn(30));
    const cancelled = await booked(renter, listingId, slotIn(31));
    await renter.client.post(`/api/tours/${cancelled.id}/cancel`, { reason: 'Found a place' });
    const stranger = await person(client, 'renter');

    const mine = ToursResponseSchema.parse(await (await renter.client.get('/api/tours')).json());
    expect(mine.items.map((t) => t.id).sort()).toEqual([upcoming.id, cancelled.id].sort());
    const theirs = ToursResponseSchema.parse(
      await (await landlord.client.get(`/api/tours?listingId=${listingId}`)).json(),
    );
    expect(theirs.items.map((t) => t.id).sort()).toEqual([upcoming.id, cancelled.id].sort());
    const next = ToursResponseSchema.parse(
      await (await renter.client.get('/api/tours?scope=upcoming')).json(),
    );
    expect(next.items.map((t) => t.id)).toEqual([upcoming.id]);
    const past = ToursResponseSchema.parse(
      await (await renter.client.get('/api/tours?scope=past')).json(),
    );
    expect(past.items.map((t) => t.id)).toEqual([cancelled.id]);
    const byStatus = ToursResponseSchema.parse(
      await (await landlord.client.get('/api/tours?status=cancelled')).json(),
    );
    expect(byStatus.items.map((t) => t.id)).toEqual([cancelled.id]);
    const day = upcoming.start.slice(0, 10);
    const agenda = ToursResponseSchema.parse(
      await (await landlord.client.get(`/api/tours?from=${day}&to=${day}&scope=upcoming`)).json(),
    );
    expect(agenda.items.map((t) => t.id)).toEqual([upcoming.id]);
    expect((await (await stranger.client.get('/api/tours')).json()).items).toEqual([]);
    expect((await stranger.client.get(`/api/tours/${upcoming.id}`)).status).toBe(404);
    expect((await renter.client.get('/api/tours?scope=soon')).status).toBe(400);
  });
});

describe('tour state machine', () => {
  it('every allowed transition works through the API', async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db, { mode: 'request' });
    const act = async (who: typeof renter, id: string, action: string, body?: unknown) => {
      const res = await who.client.post(`/api/tours/${id}/${action}`, body ?? {});
      const json = await res.json();
      expect(res.status, JSON.stringify(json)).toBeLessThan(300);
      return TourSchema.parse(json);
    };
    // requested → confirmed, declined, cancelled (either side)
    const a = await booked(renter, listingId, slotIn(30));
    expect((await act(landlord, a.id, 'confirm')).status).toBe('confirmed');
    const b = await booked(renter, listingId, slotIn(31));
    const declined = await act(landlord, b.id, 'decline', { reason: 'Showing is off that day' });
    expect(declined).toMatchObject({ status: 'declined', cancelReason: 'Showing is off that day' });
    const c = await booked(renter, listingId, slotIn(32));
    expect(await act(renter, c.id, 'cancel')).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'renter',
    });
    const d = await booked(renter, listingId, slotIn(33));
    expect(await act(landlord, d.id, 'cancel', { reason: 'Leased' })).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'landlord',
      cancelReason: 'Leased',
    });
    // confirmed → cancelled, completed, no_show
    expect((await act(landlord, a.id, 'cancel')).status).toBe('cancelled');
    const e = await booked(renter, listingId, slotIn(34));
    await act(landlord, e.id, 'confirm');
    await shiftTour(db, e.id, -40 * 3_600_000);
    expect((await act(landlord, e.id, 'complete')).status).toBe('completed');
    const f = await booked(renter, listingId, slotIn(35));
    await act(landlord, f.id, 'confirm');
    await shiftTour(db, f.id, -40 * 3_600_000);
    expect((await act(landlord, f.id, 'no-show')).status).toBe('no_show');
    // requested → expired happens through its job (tours.jobs.test.ts).
  });

  it('refuses every other transition with 409 TOUR_STATE and a clear message', async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db, { mode: 'request' });
    const tour = await booked(renter, listingId, slotIn(30));
    const post = (who: typeof renter, action: string, body: unknown = {}) =>
      who.client.post(`/api/tours/${tour.id}/${action}`, body);
    // Not yet started: cannot be completed or a no-show.
    for (const action of ['complete', 'no-show']) {
      const error = await errorOf(await post(landlord, action));
      expect(error).toMatchObject({ status: 409, code: 'TOUR_STATE' });
    }
    // A renter may not answer their own request.
    for (const action of ['confirm', 'decline', 'complete', 'no-show']) {
      expect((await post(renter, action)).status).toBe(403);
    }
    await post(landlord, 'decline');
    // Declined is final: every action is refused.
    for (const action of ['confirm', 'decline', 'cancel', 'complete', 'no-show']) {
      const error = await errorOf(await post(landlord, action));
      expect(error, action).toMatchObject({ status: 409, code: 'TOUR_STATE' });
      expect(error.message).toMatch(/^This tour is declined, so it can no longer be/);
    }
    const moved = await errorOf(
      await post(renter, 'reschedule', { start: slotIn(40), idempotencyKey: randomUUID() }),
    );
    expect(moved).toMatchObject({ status: 409, code: 'TOUR_STATE' });
    // A confirmed tour cannot be confirmed again, nor declined.
    const other = await booked(renter, listingId, slotIn(31));
    await landlord.client.post(`/api/tours/${other.id}/confirm`, {});
    for (const action of ['confirm', 'decline']) {
      const res = await landlord.client.post(`/api/tours/${other.id}/${action}`, {});
      expect(await errorOf(res)).toMatchObject({ status: 409, code: 'TOUR_STATE' });
    }
  });

  it('a renter cancels only before the cut-off; the landlord still can', async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db, {
      cancelCutoffMinutes: 24 * 60,
    });
    const tour = await booked(renter, listingId, slotIn(30));
    await shiftTour(db, tour.id, -20 * 3_600_000);
    const error = await errorOf(await renter.client.post(`/api/tours/${tour.id}/cancel`, {}));
    expect(error).toMatchObject({ status: 409, code: 'TOUR_STATE' });
    expect(error.message).toMatch(/up to 24 h before/);
    const res = await landlord.client.post(`/api/tours/${tour.id}/cancel`, { reason: 'Sick' });
    expect(res.status).toBe(200);
  });

  it('reschedule makes a new linked tour and cancels the old one; its key replays', async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db);
    const tour = await booked(renter, listingId, slotIn(30));
    const body = { start: slotIn(33), idempotencyKey: randomUUID() };
    const res = await renter.client.post(`/api/tours/${tour.id}/reschedule`, body);
    expect(res.status).toBe(201);
    const moved = TourSchema.parse(await res.json());
    expect(moved).toMatchObject({
      status: 'confirmed',
      start: body.start,
      rescheduledFromId: tour.id,
    });
    expect(moved.sequence).toBe(2);
    const old = TourSchema.parse(await (await renter.client.get(`/api/tours/${tour.id}`)).json());
    expect(old).toMatchObject({ status: 'cancelled', rescheduledToId: moved.id, sequence: 1 });
    const again = await renter.client.post(`/api/tours/${tour.id}/reschedule`, body);
    expect(TourSchema.parse(await again.json()).id).toBe(moved.id);
    // The old time is free again; the new .ics keeps the chain's UID with a higher SEQUENCE.
    const ics = await (await landlord.client.get(`/api/tours/${moved.id}/ics`)).text();
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(event.uid).toBe(`tour-${tour.id}@stoop`);
    expect(event.sequence).toBe(2);
    const notes = await db.execute<{ content: string }>(
      sql`select content from messages where sender_id = ${renter.id} order by created_at`,
    );
    expect(notes.rows.map((r) => r.content.split(':')[0])).toEqual(['Tour booked', 'Tour moved']);
    const other = await person(client, 'renter');
    expect((await book(other, listingId, tour.start)).status).toBe(201);
  });
});

describe('GET /api/tours/{id}/ics', () => {
  it('serves the calendar file; a cancelled tour has METHOD:CANCEL and a higher SEQUENCE', async () => {
    const { renter, listingId } = await tourWorld(app, client, db);
    const tour = await booked(renter, listingId, slotIn(30));
    const res = await renter.client.get(`/api/tours/${tour.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const parse = (text: string) => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      const vevent = calendar.getFirstSubcomponent('vevent');
      if (!vevent) throw new Error('no VEVENT');
      return { calendar, event: new ICAL.Event(vevent) };
    };
    const first = parse(await res.text());
    expect(first.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(first.event.uid).toBe(`tour-${tour.id}@stoop`);
    expect(first.event.sequence).toBe(0);
    expect(first.event.startDate.zone?.tzid).toBe('UTC');
    expect(first.event.startDate.toJSDate().toISOString()).toBe(tour.start);
    expect(first.event.endDate.toJSDate().toISOString()).toBe(tour.end);
    expect(first.event.location).toContain('215 Bedford Ave');

    await renter.client.post(`/api/tours/${tour.id}/cancel`, {});
    const cancelled = parse(await (await renter.client.get(`/api/tours/${tour.id}/ics`)).text());
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.uid).toBe(first.event.uid);
    expect(cancelled.event.sequence).toBe(1);
    expect(cancelled.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});

describe('live events', () => {
  it('publishes tour.changed to both sides on a change', async () => {
    const { renter, landlord, listingId } = await tourWorld(app, client, db);
    const tour = await booked(renter, listingId, slotIn(30));
    await landlord.client.post(`/api/tours/${tour.id}/cancel`, {});
    await vi.waitFor(async () => {
      const { rows } = await db.execute<{ user_id: string; n: number }>(sql`
        select user_id, count(*)::int as n from events where type = 'tour.changed'
          and user_id in (${renter.id}, ${landlord.id}) group by user_id`);
      expect(rows.map((r) => r.n)).toEqual([2, 2]);
    }, WAIT);
  });
});

describe('landlord with nothing open', () => {
  it('a listing without hours has no slot to book', async () => {
    const { renter, listingId, landlord } = await tourWorld(app, client, db);
    await openAllDay(db, landlord.id, {});
    await db.execute(
      sql`update landlord_availability set weekly_hours = '{}'::jsonb where landlord_id = ${landlord.id}`,
    );
    const error = await errorOf(await book(renter, listingId, slotIn(30)));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
