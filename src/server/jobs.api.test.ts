import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appJobs } from './jobs.ts';
import { enqueueJob, type JobName, listFailedJobs } from './lib/jobs/jobs.ts';
import { DAILY_VIEWS_KEPT_DAYS } from './modules/listings/listings.jobs.ts';
import { SENT_MAIL_KEPT_DAYS } from './modules/mail/mail.jobs.ts';
import { readListing } from './test/listing-fixtures.ts';
import { conversationWithAgedEvents } from './test/messaging-fixtures.ts';
import { createTestApp } from './test/test-app.ts';

/** The modules' jobs (src/server/jobs.ts), run by the test app's runner as the server runs them. */

const { client, db, deps, url } = await createTestApp();
const WAIT = { timeout: 30_000, interval: 50 };

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(query);
  return rows[0]?.n ?? -1;
}

describe('module jobs', () => {
  it('each prune job runs through the runner and removes only what is past its window', async () => {
    const { renter, landlord } = await conversationWithAgedEvents(client, db);
    await db.execute(sql`update message_send_counters set window_start = now() - interval '2 hours'
      where user_id = ${renter.id}`);
    const listing = await readListing(
      await landlord.client.post('/api/listings', { title: 'Jobs' }),
    );
    await db.execute(sql`update listing_changes set changed_at = now() - interval '25 hours'`);
    await db.execute(sql`insert into listing_daily_views (listing_id, day, views) values
      (${listing.id}, (now() at time zone 'America/New_York')::date - ${DAILY_VIEWS_KEPT_DAYS + 1}::int, 5),
      (${listing.id}, (now() at time zone 'America/New_York')::date - 90, 7)`);

    const mailTo = `prune-${renter.id}@stoop.test`;
    const mail = { subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };
    const oldSent = await deps.mailer.send({ to: mailTo, ...mail });
    const recentSent = await deps.mailer.send({ to: mailTo, ...mail });
    await vi.waitFor(async () => {
      expect(
        await count(sql`select count(*)::int as n from outbox_emails
          where "to" = ${mailTo} and sent_at is not null`),
      ).toBe(2);
    }, WAIT);
    await db.execute(sql`update outbox_emails
      set sent_at = now() - make_interval(days => ${SENT_MAIL_KEPT_DAYS + 1})
      where id = ${oldSent}`);
    await db.execute(sql`update outbox_emails set sent_at = now() - interval '6 days'
      where id = ${recentSent}`);

    const names: JobName[] = [
      'mail.prune-sent',
      'events.prune',
      'messaging.prune-send-counters',
      'listings.prune-changes',
      'listings.prune-daily-views',
      'listings.prune-view-visitors',
      'landlord-profile.refresh-response-figures',
    ];
    for (const name of names) await enqueueJob(db, name, {});
    await vi.waitFor(async () => {
      expect(await count(sql`select count(*)::int as n from graphile_worker.jobs`)).toBe(0);
    }, WAIT);
    expect(await listFailedJobs(db)).toEqual([]);

    const events = await db.execute<{ id: string }>(
      sql`select id from events where user_id = ${landlord.id} order by id`,
    );
    // 5: landlord.stats.changed for the listing created after the backdating (issue 14).
    expect(events.rows.map((row) => Number(row.id))).toEqual([3, 4, 5]);
    expect(
      await count(sql`select count(*)::int as n from message_send_counters
        where user_id = ${renter.id}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from listing_changes
        where changed_at < now() - interval '1 day'`),
    ).toBe(0);
    const views = await db.execute<{ views: number }>(
      sql`select views from listing_daily_views where listing_id = ${listing.id} order by day`,
    );
    expect(views.rows.map((row) => row.views)).toEqual([7]);
    const kept = await db.execute<{ id: string }>(
      sql`select id from outbox_emails where "to" = ${mailTo}`,
    );
    expect(kept.rows.map((row) => row.id)).toEqual([recentSent]);
  });

  it('registers a handler for every scheduled task, and the runner takes the schedule', async () => {
    const { tasks, schedule } = appJobs(deps);
    expect(schedule.length).toBeGreaterThan(0);
    for (const item of schedule) expect(Object.keys(tasks)).toContain(item.task);
    const scheduled = await createTestApp({ database: url, schedule: true });
    expect(scheduled.deps.jobs.health()).toBe('ok');
    // The cron side records each schedule it runs (asynchronously, as it starts).
    await vi.waitFor(async () => {
      const known = await db.execute<{ identifier: string }>(
        sql`select identifier from graphile_worker._private_known_crontabs order by identifier`,
      );
      expect(known.rows.map((row) => row.identifier)).toEqual(
        schedule.map((item) => item.task).sort(),
      );
    }, WAIT);
  });
});
