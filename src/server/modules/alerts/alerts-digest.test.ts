import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { enqueueJob, listFailedJobs } from '../../lib/jobs/jobs.ts';
import {
  alertRows,
  insertListing,
  mailsTo,
  saveSearch,
  scanNow,
} from '../../test/alert-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { alertDeps } from './alert-deps.ts';
import { newYorkClock, runDailyDigest } from './alert-digest.ts';

const { deps, db, client, url } = await createTestApp();
// A second instance of the app on the same database (its own pool, runner and event bus).
const second = await createTestApp({ database: url });
const landlord = await person(client, 'landlord');

// 08:00 in New York: EST (UTC-5) in January, EDT (UTC-4) in July.
const WINTER_8AM = Date.parse('2027-01-15T13:00:00Z');
const WINTER_7AM = Date.parse('2027-01-15T12:00:00Z');
const SUMMER_8AM = Date.parse('2027-07-15T12:00:00Z');
const SUMMER_9AM = Date.parse('2027-07-15T13:00:00Z');

async function dailySearchWithNews(neighborhood: string) {
  const renter = await person(client, 'renter');
  const search = await saveSearch(renter, {
    name: `Daily ${neighborhood}`,
    query: { neighborhoods: neighborhood },
    alerts: 'daily',
  });
  await insertListing(db, landlord.id, { neighborhood });
  await insertListing(db, landlord.id, { neighborhood, rentCents: 299_000 });
  await scanNow(deps);
  return { renter, search };
}

describe('the daily digest', () => {
  it('reads the New York hour from the clock, DST or not', () => {
    expect(newYorkClock(WINTER_8AM)).toEqual({ hour: 8, day: '2027-01-15' });
    expect(newYorkClock(SUMMER_8AM)).toEqual({ hour: 8, day: '2027-07-15' });
    expect(newYorkClock(WINTER_7AM).hour).toBe(7);
  });

  it('goes out at 08:00 New York in winter, once, with every unmailed alert; not at 07:00', async () => {
    const { renter } = await dailySearchWithNews('park-slope');
    expect(await runDailyDigest(alertDeps(deps), WINTER_7AM)).toBe(0);
    expect(await mailsTo(db, renter.email)).toEqual([]);
    expect(await runDailyDigest(alertDeps(deps), WINTER_8AM)).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(db, renter.email);
    expect(mails.map((m) => m.subject)).toEqual(['Today for “Daily park-slope”: 2 updates']);
    expect(mails[0]?.text).toContain('daily digest');
    expect(mails[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await alertRows(db, renter.id)).map((a) => a.mailed)).toEqual([true, true]);
    // Later that hour (a retry, the cron again): nothing more.
    await runDailyDigest(alertDeps(deps), WINTER_8AM + 60_000);
    expect(await mailsTo(db, renter.email)).toHaveLength(1);
  });

  it('goes out at 08:00 New York in summer (EDT), not at 09:00', async () => {
    const { renter } = await dailySearchWithNews('cobble-hill');
    expect(await runDailyDigest(alertDeps(deps), SUMMER_9AM)).toBe(0);
    expect(await mailsTo(db, renter.email)).toEqual([]);
    await runDailyDigest(alertDeps(deps), SUMMER_8AM);
    expect(await mailsTo(db, renter.email)).toHaveLength(1);
  });

  it('runs as the hourly job, judging the hour the tick was scheduled for', async () => {
    const { renter } = await dailySearchWithNews('sunset-park');
    // 08:00 EDT on April 1, 2027, whenever the worker gets to it.
    await enqueueJob(db, 'alerts.digest', { _cron: { ts: '2027-04-01T12:00:00.000Z' } });
    await vi.waitFor(async () => expect(await mailsTo(db, renter.email)).toHaveLength(1), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await listFailedJobs(db, 'alerts.digest')).toEqual([]);
  });

  it('sends nothing for a paused or switched-off search, nor without news', async () => {
    const paused = await dailySearchWithNews('red-hook');
    await paused.renter.client.patch(`/api/saved-searches/${paused.search.id}`, { paused: true });
    const off = await dailySearchWithNews('gowanus');
    await off.renter.client.patch(`/api/saved-searches/${off.search.id}`, { alerts: 'off' });
    const quiet = await person(client, 'renter');
    await saveSearch(quiet, {
      name: 'Nothing new',
      query: { neighborhoods: 'city-island' },
      alerts: 'daily',
    });
    await runDailyDigest(alertDeps(deps), Date.parse('2027-02-01T13:00:00Z'));
    for (const who of [paused.renter, off.renter, quiet]) {
      expect(await mailsTo(db, who.email)).toEqual([]);
    }
  });

  it('with two app instances running the digest at once, each digest goes out exactly once', async () => {
    const renters = [];
    for (const neighborhood of ['dumbo', 'fort-greene', 'clinton-hill', 'windsor-terrace']) {
      renters.push((await dailySearchWithNews(neighborhood)).renter);
    }
    const eight = Date.parse('2027-03-10T13:00:00Z'); // EST: DST starts on March 14, 2027
    expect(newYorkClock(eight).hour).toBe(8);
    const sent = await Promise.all([
      runDailyDigest(alertDeps(deps), eight),
      runDailyDigest(alertDeps(second.deps), eight),
      runDailyDigest(alertDeps(deps), eight),
      runDailyDigest(alertDeps(second.deps), eight),
    ]);
    // Every other daily search's news went out on earlier days: these four are all there is.
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(renters.length);
    for (const renter of renters) {
      expect(await mailsTo(db, renter.email)).toHaveLength(1);
      expect((await alertRows(db, renter.id)).every((alert) => alert.mailed)).toBe(true);
    }
    const claimed = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from saved_searches
      where digest_sent_on = ${newYorkClock(eight).day} and alerts = 'daily'`);
    expect(claimed.rows[0]?.n).toBe(renters.length);
  });
});
