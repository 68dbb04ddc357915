import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { AlertSchema } from '../../../shared/schemas/saved-searches.ts';
import {
  alertRows,
  insertListing,
  liveEvents,
  mailsTo,
  saveSearch,
  scanNow,
  updateListing,
} from '../../test/alert-fixtures.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp, TEST_BASE_URL } from '../../test/test-app.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

const { app, deps, db, client } = await createTestApp();
const landlord = await person(client, 'landlord');
const WAIT = { timeout: 20_000, interval: 50 };

describe('the alerts scan', () => {
  it('announces a newly published match at once: live event and a mail with unsubscribe headers', async () => {
    const renter = await person(client, 'renter');
    const search = await saveSearch(renter, {
      name: 'Astoria 2BR',
      query: { neighborhoods: 'astoria', bedrooms: 2 },
    });
    const listing = await publishListing(app, landlord.client, {
      neighborhood: 'astoria',
      bedrooms: 2,
      rentCents: 310_000,
      fees: [],
    });
    // No scan called: the change log's trigger queued the job, which ran it.
    await vi.waitFor(async () => expect(await mailsTo(db, renter.email)).toHaveLength(1), WAIT);
    const [mail] = await mailsTo(db, renter.email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe(`New match for “Astoria 2BR”: ${listing.title}`);
    const listingUrl = `${TEST_BASE_URL}/listings/${listing.id}`;
    expect(mail.text).toContain(listingUrl);
    expect(mail.text).toContain('Astoria · 2 bed · $3,100/mo');
    expect(mail.html).toContain(`href="${listingUrl}"`);
    const unsubscribe =
      /^<(http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=([^>]+))>$/.exec(
        mail.headers['List-Unsubscribe'] ?? '',
      );
    expect(unsubscribe).not.toBeNull();
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(unsubscribe?.[2] ?? '');
    expect(verifyUnsubscribeToken(deps.auth.options.secret, token)).toEqual({
      kind: 'saved-search',
      id: search.id,
    });
    const pageUrl = `${TEST_BASE_URL}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(mail.text).toContain(pageUrl);
    expect(mail.html).toContain(pageUrl.replaceAll('&', '&amp;'));

    const events = await liveEvents(db, renter.id, 'alert.created');
    expect(events).toHaveLength(1);
    const { alert } = events[0] as { alert: unknown };
    expect(AlertSchema.parse(alert)).toMatchObject({
      kind: 'new_match',
      savedSearch: { id: search.id, name: 'Astoria 2BR' },
      listing: { id: listing.id, title: listing.title, rentCents: 310_000, bedrooms: 2 },
      previousRentCents: null,
    });
    expect((await alertRows(db, renter.id)).map((a) => a.mailed)).toEqual([true]);
  });

  it('announces a price drop once per drop, and never a match twice (edit, archive, republish)', async () => {
    const renter = await person(client, 'renter');
    const search = await saveSearch(renter, {
      name: 'Bed-Stuy',
      query: { neighborhoods: 'bedford-stuyvesant' },
    });
    const id = await insertListing(db, landlord.id, {
      neighborhood: 'bedford-stuyvesant',
      rentCents: 300_000,
    });
    await scanNow(deps);
    await updateListing(db, id, { rentCents: 280_000 });
    await scanNow(deps);
    await scanNow(deps);
    await updateListing(db, id, { title: 'Renamed, same rent' });
    await scanNow(deps);
    await updateListing(db, id, { status: 'archived' });
    await scanNow(deps);
    await updateListing(db, id, { status: 'active' });
    await scanNow(deps);
    await updateListing(db, id, { rentCents: 290_000 }); // up: not news
    await scanNow(deps);
    await updateListing(db, id, { rentCents: 285_000 }); // down from the last rent seen
    await scanNow(deps);
    // The renter edits the search away and back: still nothing new.
    await renter.client.patch(`/api/saved-searches/${search.id}`, {
      query: { neighborhoods: 'harlem' },
    });
    await renter.client.patch(`/api/saved-searches/${search.id}`, {
      query: { neighborhoods: 'bedford-stuyvesant' },
    });
    await updateListing(db, id, { title: 'Touched again' });
    await scanNow(deps);
    expect(
      (await alertRows(db, renter.id)).map((a) => [a.kind, a.rent_cents, a.previous_rent_cents]),
    ).toEqual([
      ['new_match', 300_000, null],
      ['price_drop', 280_000, 300_000],
      ['price_drop', 285_000, 290_000],
    ]);
    // Mails of one scan share its timestamp, so their order in the outbox is not theirs: by subject.
    const mails = await mailsTo(db, renter.email);
    const subjects = mails.map((m) => m.subject).sort();
    const number = subjects[0]?.split(' ').at(-1) ?? '';
    expect(subjects).toEqual([
      expect.stringMatching(/^New match for “Bed-Stuy”: Sunny apartment \d+$/),
      'Price drop for “Bed-Stuy”: Renamed, same rent',
      `Price drop for “Bed-Stuy”: Sunny apartment ${number}`,
    ]);
    const drop = mails.find(
      (m) => m.subject === `Price drop for “Bed-Stuy”: Sunny apartment ${number}`,
    );
    expect(drop?.text).toContain('$2,800/mo (was $3,000)');
  });

  it('stamps an alert when it is recorded, after the scan it waited for', async () => {
    const renter = await person(client, 'renter');
    await saveSearch(renter, { name: 'Red Hook', query: { neighborhoods: 'red-hook' } });
    let released = '';
    let scan: Promise<unknown> = Promise.resolve();
    // Another scan holds the cursor: this one starts its transaction, then waits.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select seq from alert_scan_cursor for update`);
      await insertListing(db, landlord.id, { neighborhood: 'red-hook', rentCents: 250_000 });
      scan = scanNow(deps);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const clock = await tx.execute<{ at: string }>(sql`select clock_timestamp()::text as at`);
      released = clock.rows[0]?.at ?? '';
    });
    await scan;
    const stamped = await db.execute<{ kind: string; after: boolean }>(sql`
      select kind, created_at >= ${released}::timestamptz as after from alerts
      where user_id = ${renter.id}`);
    expect(stamped.rows).toEqual([{ kind: 'new_match', after: true }]);
  });

  it('takes a drop made while paused or out of the search as the new baseline, not as news', async () => {
    const renter = await person(client, 'renter');
    const search = await saveSearch(renter, { name: 'Inwood', query: { neighborhoods: 'inwood' } });
    const id = await insertListing(db, landlord.id, { neighborhood: 'inwood', rentCents: 300_000 });
    await scanNow(deps);
    // Dropped while the search is paused, and scanned then: resuming does not announce it.
    await renter.client.patch(`/api/saved-searches/${search.id}`, { paused: true });
    await updateListing(db, id, { rentCents: 280_000 });
    await scanNow(deps);
    await renter.client.patch(`/api/saved-searches/${search.id}`, { paused: false });
    await scanNow(deps);
    // Dropped while the search asks for another area: editing it back does not announce it.
    await renter.client.patch(`/api/saved-searches/${search.id}`, {
      query: { neighborhoods: 'harlem' },
    });
    await updateListing(db, id, { rentCents: 270_000 });
    await scanNow(deps);
    await renter.client.patch(`/api/saved-searches/${search.id}`, {
      query: { neighborhoods: 'inwood' },
    });
    await scanNow(deps);
    // The next drop is measured from the rent the renter last had matched.
    await updateListing(db, id, { rentCents: 260_000 });
    await scanNow(deps);
    expect(
      (await alertRows(db, renter.id)).map((a) => [a.kind, a.rent_cents, a.previous_rent_cents]),
    ).toEqual([
      ['new_match', 300_000, null],
      ['price_drop', 260_000, 270_000],
    ]);
  });

  it('mails daily searches only in the digest, off searches never; only off ones stay quiet live', async () => {
    const renter = await person(client, 'renter');
    await saveSearch(renter, {
      name: 'Daily',
      query: { neighborhoods: 'flatbush' },
      alerts: 'daily',
    });
    await saveSearch(renter, { name: 'Off', query: { neighborhoods: 'flatbush' }, alerts: 'off' });
    await insertListing(db, landlord.id, { neighborhood: 'flatbush' });
    await scanNow(deps);
    expect((await alertRows(db, renter.id)).map((a) => a.mailed)).toEqual([false, false]);
    expect(await mailsTo(db, renter.email)).toEqual([]);
    const live = (await liveEvents(db, renter.id, 'alert.created')) as {
      alert: { savedSearch: { name: string } };
    }[];
    expect(live.map((event) => event.alert.savedSearch.name)).toEqual(['Daily']);
  });

  it('announces a saved listing’s price drop and, once, that it was rented', async () => {
    const renter = await person(client, 'renter');
    const owner = await person(client, 'landlord');
    const listing = await publishListing(app, owner.client, { rentCents: 400_000, fees: [] });
    expect((await renter.client.request('PUT', `/api/saved-listings/${listing.id}`)).status).toBe(
      201,
    );
    await scanNow(deps);
    await owner.client.patch(`/api/listings/${listing.id}`, { rentCents: 360_000 });
    await scanNow(deps);
    await owner.client.patch(`/api/listings/${listing.id}`, { rentCents: 370_000 });
    await scanNow(deps);
    await owner.client.patch(`/api/listings/${listing.id}`, { status: 'rented' });
    await scanNow(deps);
    await updateListing(db, listing.id, { title: 'Still rented' });
    await scanNow(deps);
    expect(
      (await alertRows(db, renter.id)).map((a) => [
        a.kind,
        a.saved_search_id,
        a.previous_rent_cents,
      ]),
    ).toEqual([
      ['price_drop', null, 400_000],
      ['rented', null, null],
    ]);
    const mails = await mailsTo(db, renter.email);
    expect(mails.map((m) => m.subject)).toEqual(
      [
        `Price drop on a saved listing: ${listing.title}`,
        'A saved listing was rented: Still rented',
      ]
        .slice(0, 1)
        .concat([`A saved listing was rented: ${listing.title}`]),
    );
    const token = /token=([^>]+)>/.exec(mails[0]?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(verifyUnsubscribeToken(deps.auth.options.secret, decodeURIComponent(token))).toEqual({
      kind: 'saved-listings',
      userId: renter.id,
    });
  });

  it('matches a map search by its bounds and polygon, as the search index does', async () => {
    const renter = await person(client, 'renter');
    const box = await saveSearch(renter, {
      name: 'Box',
      query: { bounds: '40.700,-73.970,40.720,-73.950' },
    });
    const triangle = await saveSearch(renter, {
      name: 'Triangle',
      query: { polygon: '40.700,-73.970,40.720,-73.970,40.700,-73.950' },
    });
    const inside = await insertListing(db, landlord.id, { lat: 40.705, lng: -73.965 });
    const boxOnly = await insertListing(db, landlord.id, { lat: 40.716, lng: -73.954 });
    await insertListing(db, landlord.id, { lat: 40.75, lng: -73.99 });
    await scanNow(deps);
    const got = (await alertRows(db, renter.id)).map((a) => [a.saved_search_id, a.listing_id]);
    expect(got.sort()).toEqual(
      [
        [box.id, inside],
        [box.id, boxOnly],
        [triangle.id, inside],
      ].sort(),
    );
  });

  it('skips pruned log entries with a warning and moves on', async () => {
    const renter = await person(client, 'renter');
    await saveSearch(renter, { name: 'Inwood', query: { neighborhoods: 'inwood' } });
    await scanNow(deps);
    // Hold the cursor, so no scan (the job's) reads the entry before it is pruned.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select seq from alert_scan_cursor for update`);
      locked();
      await released;
    });
    await isLocked;
    await insertListing(db, landlord.id, { neighborhood: 'inwood', borough: 'manhattan' });
    await db.execute(sql`delete from listing_changes`);
    const warn = vi.spyOn(deps.logger, 'warn');
    const later = await insertListing(db, landlord.id, {
      neighborhood: 'inwood',
      borough: 'manhattan',
    });
    release();
    await holder;
    await scanNow(deps);
    const cursor = await db.execute<{ seq: string }>(sql`select seq::text from alert_scan_cursor`);
    const counter = await db.execute<{ seq: string }>(
      sql`select seq::text from listing_change_counter`,
    );
    expect(cursor.rows[0]?.seq).toBe(counter.rows[0]?.seq);
    expect((await alertRows(db, renter.id)).map((a) => a.listing_id)).toContain(later);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ from: expect.any(Number) }),
      'alerts scan skipped pruned changes',
    );
    warn.mockRestore();
  });
});
