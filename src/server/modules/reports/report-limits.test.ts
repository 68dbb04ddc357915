import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR_MAX } from '../../../shared/constants.ts';
import { CreatedReportSchema } from '../../../shared/schemas/reports.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/** Issue 26: an account files at most 10 reports an hour (429 with Retry-After past it). */

const { app, client, db } = await createTestApp();
const landlord = await person(client, 'landlord');
const [first, second] = [
  await publishListing(app, landlord.client),
  await publishListing(app, landlord.client),
];

async function hits(userId: string) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n
    from rate_limit_hits where user_id = ${userId} and action = 'reports'`);
  return rows[0]?.n ?? -1;
}

async function reportsBy(userId: string) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from reports where reporter_id = ${userId}`,
  );
  return rows[0]?.n ?? -1;
}

describe('POST /api/reports: at most 10 an hour', () => {
  it('refuses the 11th new report with 429 and Retry-After; a repeat of an open one is no new report', async () => {
    expect(REPORTS_PER_HOUR_MAX).toBe(10);
    const renter = await person(client, 'renter');
    const report = (listingId: string | undefined) =>
      renter.client.post('/api/reports', { listingId, reason: 'scam' });

    // The first real report counts...
    const filed = await report(first?.id);
    expect(filed.status).toBe(201);
    const { report: open } = CreatedReportSchema.parse(await filed.json());
    expect(await hits(renter.id)).toBe(1);
    // ...and nine more (subjects of their own would each need a listing) as rows, the oldest
    // 40 minutes ago.
    const inserted = Date.now();
    for (const minutes of [40, 35, 30, 25, 20, 15, 10, 5, 1]) {
      await db.execute(sql`insert into rate_limit_hits (action, user_id, created_at)
        values ('reports', ${renter.id}, now() - make_interval(mins => ${minutes}))`);
    }

    const eleventh = await report(second?.id);
    expect(eleventh.status).toBe(429);
    const body = (await eleventh.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'You have filed 10 reports in the last hour. Try again later.',
    });
    // The oldest leaves the hour 20 minutes after it was written, less the time since then:
    // bounded by the clock readings around it, whatever the machine's speed (issue 48).
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(20 * 60 - (Date.now() - inserted) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(20 * 60 + 1);
    expect(await reportsBy(renter.id)).toBe(1);
    expect(await hits(renter.id)).toBe(10);

    // Asking again about the report still open is answered with it: nothing new is filed.
    const repeat = await report(first?.id);
    expect(repeat.status).toBe(200);
    expect(CreatedReportSchema.parse(await repeat.json()).report.id).toBe(open.id);

    // Someone else's allowance is their own.
    const other = await person(client, 'renter');
    expect(
      (await other.client.post('/api/reports', { listingId: second?.id, reason: 'spam' })).status,
    ).toBe(201);

    // Once the oldest is an hour old, the next report goes through.
    await db.execute(sql`update rate_limit_hits set created_at = now() - interval '61 minutes'
      where user_id = ${renter.id} and created_at < now() - interval '38 minutes'`);
    expect((await report(second?.id)).status).toBe(201);
    expect(await reportsBy(renter.id)).toBe(2);
  });
});
