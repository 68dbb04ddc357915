import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertListing, scanNow, updateListing } from '../../test/alert-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { SCAN_BATCH } from './alert-scan.ts';

/**
 * Migration 0019: a statement that logs listing changes queues `alerts.scan` under one job key.
 * Checked against graphile-worker itself (0.16): waiting scans collapse into one; a change while
 * a scan runs (its job locked) gets a new scan after it.
 */

const { deps, db, client } = await createTestApp();
// Nothing runs the jobs here: the queue is looked at as the trigger leaves it.
await deps.jobs.stop();
const landlord = await person(client, 'landlord');

async function scanJobs() {
  const result = await db.execute<{ key: string | null; locked: boolean }>(sql`
    select key, locked_at is not null as locked from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'alerts.scan' order by j.id`);
  return result.rows;
}

describe('the alerts scan trigger', () => {
  it('keeps one pending scan however many changes, and queues another while one runs', async () => {
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    const id = await insertListing(db, landlord.id);
    await updateListing(db, id, { rentCents: 340_000 });
    await insertListing(db, landlord.id);
    expect(await scanJobs()).toEqual([{ key: 'alerts-scan', locked: false }]);
    // A worker takes it.
    await db.execute(sql`update graphile_worker._private_jobs
      set locked_at = now(), locked_by = 'test-worker'`);
    await updateListing(db, id, { rentCents: 330_000 });
    expect(await scanJobs()).toEqual([
      { key: null, locked: true },
      { key: 'alerts-scan', locked: false },
    ]);
  });

  it('does not queue anything for a statement that changes no listing', async () => {
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    await db.execute(sql`update listings set rent_cents = rent_cents where false`);
    expect(await scanJobs()).toEqual([]);
  });

  it('takes at most SCAN_BATCH entries a scan and queues the rest at once', async () => {
    const id = await insertListing(db, landlord.id);
    await scanNow(deps);
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    for (let i = 0; i < SCAN_BATCH + 3; i += 1) {
      await db.execute(sql`update listings set rent_cents = ${300_000 + i} where id = ${id}`);
    }
    const position = async () => {
      const result = await db.execute<{ cursor: string; log: string }>(sql`
        select (select seq::text from alert_scan_cursor) as cursor,
          (select seq::text from listing_change_counter) as log`);
      const row = result.rows[0];
      return { behind: Number(row?.log) - Number(row?.cursor) };
    };
    expect(await position()).toEqual({ behind: SCAN_BATCH + 3 });
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    await scanNow(deps);
    expect(await position()).toEqual({ behind: 3 });
    expect(await scanJobs()).toEqual([{ key: 'alerts-scan', locked: false }]);
    await scanNow(deps);
    expect(await position()).toEqual({ behind: 0 });
  });
});
