import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../shared/billing-plans.ts';
import { NEIGHBORHOODS } from '../../shared/neighborhoods.ts';
import { AdminReportDetailSchema, AdminReportsSchema } from '../../shared/schemas/admin.ts';
import { ApplicationSettingsResponseSchema } from '../../shared/schemas/application-settings.ts';
import { ApplicationsPageSchema } from '../../shared/schemas/applications.ts';
import { ListingPageSchema } from '../../shared/schemas/listing-responses.ts';
import { NotesSchema } from '../../shared/schemas/notes.ts';
import { RenterDocumentsSchema } from '../../shared/schemas/renter-documents.ts';
import { RenterProfileResponseSchema } from '../../shared/schemas/renter-profile.ts';
import {
  SavedSearchesSchema,
  SavedSearchMatchesSchema,
} from '../../shared/schemas/saved-searches.ts';
import { SlotsResponseSchema } from '../../shared/schemas/tours.ts';
import { createDatabase } from '../db/client.ts';
import { monthPeriodAt } from '../modules/billing/billing.service.ts';
import { ApiClient, createTestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { DEMO_INVOICE_MONTHS_BACK } from './seed-billing.ts';
import { seedListingId } from './seed-listings.ts';
import { STREETS_BY_NEIGHBORHOOD } from './seed-streets.ts';

const { app, db, deps, url } = await createTestApp();

async function one<T>(query: ReturnType<typeof sql>) {
  const result = await db.execute(query);
  return result.rows[0] as T;
}

/**
 * The seed's own pool on the test database, counting every statement its connections send
 * (the app's pool also serves the search index and the job runner, whose reads would count).
 */
function countingDatabase() {
  const database = createDatabase(url, { max: 4 });
  const sent = { statements: 0 };
  database.pool.on('connect', (connection) => {
    const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
    connection.query = ((...args: unknown[]) => {
      sent.statements += 1;
      return query(...args);
    }) as typeof connection.query;
  });
  return { database, sent };
}

/** The media storage, listing every key written through it. */
function recordingStorage(stored: string[]): typeof deps.storage {
  return Object.create(deps.storage, {
    put: {
      value: (key: string, body: Buffer, contentType: string) => {
        stored.push(key);
        return deps.storage.put(key, body, contentType);
      },
    },
  }) as typeof deps.storage;
}

describe('demo data', () => {
  it('seeds at least 2,000 active listings over 60+ neighborhoods in all five boroughs', async () => {
    // Its work is counted, not timed (issue 48): rows go in batches and listings share one pool
    // of drawn photos, so statements and stored files do not grow with the listings.
    const { database, sent } = countingDatabase();
    const stored: string[] = [];
    const created = await seedDemoData(database.db, {
      storage: recordingStorage(stored),
      photoCacheDir: deps.env.SEED_PHOTO_CACHE_DIR,
    }).finally(() => database.close());
    expect(created).toContain('landlord@stoop.test');
    expect(created).toContain('2004 listings');
    const stats = await one<{
      active: number;
      hoods: number;
      boroughs: number;
      landlords: number;
    }>(sql`
      select count(*)::int as active, count(distinct neighborhood)::int as hoods,
        count(distinct borough)::int as boroughs, count(distinct landlord_id)::int as landlords
      from listings where status = 'active'`);
    expect(stats.active).toBeGreaterThanOrEqual(2000);
    expect(stats.hoods).toBeGreaterThanOrEqual(60);
    expect(stats.boroughs).toBe(5);
    expect(stats.landlords).toBeGreaterThanOrEqual(5);
    // 178 statements and 186 files when written: a handful per batch of 1,000 listings, and the
    // 60 pool photos' variants (plus the demo documents), each file written once.
    expect(sent.statements).toBeLessThan(stats.active / 4);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBeLessThan(stats.active / 4);
  });

  it('puts every demo landlord on a plan that holds their active listings', async () => {
    const rows = await db.execute<{ active: number; plan_id: string | null }>(sql`
      select count(l.id) filter (where l.status = 'active')::int as active, s.plan_id
      from users u
      left join listings l on l.landlord_id = u.id
      left join subscriptions s on s.landlord_id = u.id
      where u.user_type = 'landlord'
      group by u.id, s.plan_id`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows.rows) {
      const plan = PLANS.find((p) => p.id === (row.plan_id ?? 'free'));
      expect(row.active, `${row.plan_id}`).toBeLessThanOrEqual(plan?.activeListingLimit ?? 0);
    }
    const demo = await one<{ plan_id: string }>(sql`
      select s.plan_id from subscriptions s join users u on u.id = s.landlord_id
      where u.email = 'landlord@stoop.test'`);
    expect(demo.plan_id).toBe('portfolio');
  });

  it("gives the demo landlord a test card and the plan's paid invoices since it started", async () => {
    const sub = await one<{ payment_method: { last4: string; expYear: number } }>(sql`
      select s.payment_method from subscriptions s join users u on u.id = s.landlord_id
      where u.email = 'landlord@stoop.test'`);
    expect(sub.payment_method.last4).toBe('4242');
    expect(sub.payment_method.expYear).toBeGreaterThan(new Date().getFullYear());
    const rows = await db.execute<{
      number: string;
      status: string;
      total_cents: number;
      lines: number;
      line_sum: number;
      period_start: Date;
      paid_at: Date | null;
    }>(sql`
      select i.number, i.status, i.total_cents, i.period_start, i.paid_at,
        count(l.id)::int as lines, coalesce(sum(l.amount_cents), 0)::int as line_sum
      from invoices i join users u on u.id = i.landlord_id
      left join invoice_lines l on l.invoice_id = i.id
      where u.email = 'landlord@stoop.test'
      group by i.id order by i.period_start`);
    const portfolio = PLANS.find((p) => p.id === 'portfolio');
    expect(rows.rows).toHaveLength(DEMO_INVOICE_MONTHS_BACK + 1);
    const starts = new Set<number>();
    for (const row of rows.rows) {
      expect(row.number).toMatch(/^STOOP-\d{4}-\d{6}$/);
      expect(row.status).toBe('paid');
      expect(row.paid_at).not.toBeNull();
      expect(row.lines).toBe(1);
      expect(row.total_cents).toBe(row.line_sum);
      expect(row.total_cents).toBe(portfolio?.priceCents);
      starts.add(new Date(row.period_start).getTime());
    }
    // One invoice a month, the last one for this month.
    expect(starts.size).toBe(rows.rows.length);
    const last = rows.rows.at(-1);
    expect(new Date(last?.period_start ?? 0).getTime()).toBe(
      monthPeriodAt(new Date()).start.getTime(),
    );
  });

  it('places every address on a real street of its own neighborhood', async () => {
    expect(Object.keys(STREETS_BY_NEIGHBORHOOD).sort()).toEqual(
      NEIGHBORHOODS.map((n) => n.slug).sort(),
    );
    const rows = await db.execute<{ address: string; neighborhood: string; description: string }>(
      sql`select address, neighborhood, description from listings where status = 'active'`,
    );
    for (const row of rows.rows) {
      const street = row.address.replace(/^\d+ /, '');
      expect(STREETS_BY_NEIGHBORHOOD[row.neighborhood], row.address).toContain(street);
      expect(row.description).toContain(` on ${street} in `);
    }
  });

  it('describes every listing consistently: title, facts, laundry and amenities agree', async () => {
    const rows = await db.execute<{
      title: string;
      description: string;
      bedrooms: number | null;
      bathrooms: number | null;
      laundry: string | null;
      amenities: string[];
      neighborhood: string | null;
      rent_cents: number | null;
      free_months: number;
    }>(sql`select title, description, bedrooms, bathrooms::float8 as bathrooms, laundry,
      amenities, neighborhood, rent_cents, free_months from listings`);
    expect(rows.rows.length).toBe(2004);
    const names = NEIGHBORHOODS.map((n) => n.name);
    for (const l of rows.rows) {
      const has = (a: string) => l.amenities.includes(a);
      const what = `${l.title} (${l.bedrooms} bd, ${l.bathrooms} ba, ${l.laundry}, ${l.amenities})`;
      // Size: "Studio" is 0 bedrooms, "2BR" is 2; the description says the same.
      const br = /(\d+)BR\b/.exec(l.title);
      if (/studio/i.test(l.title)) expect(l.bedrooms, what).toBe(0);
      if (br) expect(l.bedrooms, what).toBe(Number(br[1]));
      if (l.description && l.bedrooms !== null) {
        expect(l.description, what).toContain(
          l.bedrooms === 0 ? ' studio on ' : ` ${l.bedrooms}-bedroom `,
        );
      }
      if (l.bedrooms !== null && l.bathrooms !== null) {
        expect(l.bathrooms, what).toBeLessThanOrEqual(Math.max(1, l.bedrooms + 1));
      }
      // Place: a neighborhood named in the title is the listing's own, as in the description
      // (whose street names may contain other neighborhoods' names: "Fordham Rd").
      const own = NEIGHBORHOODS.find((n) => n.slug === l.neighborhood)?.name;
      const named = names.filter((n) => l.title.includes(n));
      const longest = named.filter((n) => !named.some((m) => m !== n && m.includes(n)));
      for (const name of longest) expect(name, what).toBe(own);
      if (l.description && own) expect(l.description, what).toContain(` in ${own}, `);
      // Laundry: "No laundry" and in-unit machines exclude a hookup; the text matches the fact.
      if (l.laundry !== 'in_building') expect(has('washer-dryer-hookup'), what).toBe(false);
      if (/in-unit laundry/i.test(l.title)) expect(l.laundry, what).toBe('in_unit');
      if (l.description) {
        expect(l.description.includes('Washer and dryer in the apartment'), what).toBe(
          l.laundry === 'in_unit',
        );
        expect(l.description.includes('Laundry room in the building'), what).toBe(
          l.laundry === 'in_building',
        );
        expect(l.description.includes('Laundromats nearby'), what).toBe(l.laundry === 'none');
        expect(/months? free/.test(l.description), what).toBe(l.free_months > 0);
      }
      if (/private terrace/.test(l.title)) expect(has('private-outdoor-space'), what).toBe(true);
      if (/walk-up/.test(`${l.title} ${l.description}`)) {
        expect(has('elevator') || has('wheelchair-access'), what).toBe(false);
      }
      expect(has('doorman') && has('virtual-doorman'), what).toBe(false);
      // Rents are whole dollars.
      if (l.rent_cents !== null) expect(l.rent_cents % 100, what).toBe(0);
    }
  });

  it('prices one-bedrooms realistically for their borough', async () => {
    const median = async (borough: string) =>
      (
        await one<{ m: number }>(sql`
          select percentile_cont(0.5) within group (order by rent_cents) / 100 as m
          from listings where status = 'active' and bedrooms = 1 and borough = ${borough}`)
      ).m;
    const manhattan = await median('manhattan');
    expect(manhattan).toBeGreaterThan(3400);
    expect(manhattan).toBeLessThan(5500);
    const bronx = await median('bronx');
    expect(bronx).toBeGreaterThan(1900);
    expect(bronx).toBeLessThan(2900);
  });

  it('gives every active listing photos, amenities and fees, with some concessions and features', async () => {
    const s = await one<{
      nophoto: number;
      concessions: number;
      featured: number;
      nofees: number;
      broker: number;
    }>(sql`
      select
        count(*) filter (where not exists (select 1 from listing_photos p where p.listing_id = l.id))::int as nophoto,
        count(*) filter (where free_months > 0)::int as concessions,
        count(*) filter (where featured)::int as featured,
        count(*) filter (where jsonb_array_length(fees) = 0)::int as nofees,
        count(*) filter (where fees::text ilike '%broker%')::int as broker
      from listings l where status = 'active'`);
    expect(s.nophoto).toBe(0);
    expect(s.concessions).toBeGreaterThan(100);
    expect(s.featured).toBeGreaterThan(20);
    expect(s.nofees).toBeLessThan(200);
    expect(s.broker).toBe(0);
    const distinctImages = await one<{ n: number }>(
      sql`select count(distinct storage_key)::int as n from listing_photos`,
    );
    expect(distinctImages.n).toBeGreaterThanOrEqual(60);
  });

  it('serves the seeded photos and finds listings through the API', async () => {
    const page = ListingPageSchema.parse(
      await (await app.request('/api/listings?neighborhoods=williamsburg&limit=3')).json(),
    );
    expect(page.total).toBeGreaterThan(5);
    const url = page.items[0]?.coverPhoto?.sources[0]?.url ?? '';
    const media = await app.request(url);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
  });

  it("lets a renter book a tour on every demo landlord's listings: hours and settings", async () => {
    const landlords = await db.execute<{ id: string; listing_id: string }>(sql`
      select distinct on (l.landlord_id) l.landlord_id as id, l.id as listing_id
      from listings l where l.status = 'active' order by l.landlord_id, l.id`);
    expect(landlords.rows.length).toBeGreaterThanOrEqual(5);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
    for (const row of landlords.rows) {
      const res = await app.request(
        `/api/listings/${row.listing_id}/tour-slots?from=${today}&to=${inAWeek}`,
      );
      const body = SlotsResponseSchema.parse(await res.json());
      expect(body.slots.length, row.listing_id).toBeGreaterThan(5);
    }
    // The demo landlord's first listing is an open house for four.
    const openHouse = await app.request(
      `/api/listings/${seedListingId(0)}/tour-slots?from=${today}&to=${inAWeek}`,
    );
    const { slots } = SlotsResponseSchema.parse(await openHouse.json());
    expect(slots[0]?.seatsLeft).toBe(4);
    const settings = await one<{ request: number; video_only: number }>(sql`
      select count(*) filter (where settings->>'mode' = 'request')::int as request,
        count(*) filter (where settings->'types' = '["video"]'::jsonb)::int as video_only
      from listing_tour_settings`);
    expect(settings.request).toBeGreaterThan(10);
    expect(settings.video_only).toBeGreaterThan(10);
  });

  it('gives the demo landlord tours in every state and a waitlist queue', async () => {
    const statuses = await db.execute<{ status: string; n: number }>(sql`
      select t.status, count(*)::int as n from tours t join users u on u.id = t.landlord_id
      where u.email = 'landlord@stoop.test' group by t.status order by t.status`);
    expect(statuses.rows.map((r) => r.status)).toEqual([
      'cancelled',
      'completed',
      'confirmed',
      'no_show',
      'requested',
    ]);
    const queue = await one<{ n: number }>(sql`
      select count(*)::int as n from waitlist_entries w join listings l on l.id = w.listing_id
      join users u on u.id = l.landlord_id
      where u.email = 'landlord@stoop.test' and w.status = 'waiting'`);
    expect(queue.n).toBe(3);
    // Requests expire through their jobs; confirmed tours have their reminders.
    const jobs = await one<{ n: number }>(sql`
      select count(*)::int as n from graphile_worker.jobs where key like 'tours.expire-request:%'`);
    expect(jobs.n).toBe(2);
  });

  it('gives /admin open reports of listings and of a conversation with its messages', async () => {
    const rows = await db.execute<{ kind: string; status: string; messages: number }>(sql`
      select case when r.listing_id is null then 'conversation' else 'listing' end as kind,
        r.status,
        (select count(*) from messages m where m.conversation_id = r.conversation_id)::int as messages
      from reports r order by kind`);
    expect(rows.rows).toEqual([
      { kind: 'conversation', status: 'open', messages: 4 },
      { kind: 'listing', status: 'open', messages: 0 },
      { kind: 'listing', status: 'open', messages: 0 },
    ]);
    // The demo admin works them through the API.
    const admin = new ApiClient(app);
    expect((await admin.signIn('admin@stoop.test', DEMO_PASSWORD)).status).toBe(200);
    const queue = AdminReportsSchema.parse(await (await admin.get('/api/admin/reports')).json());
    expect(queue.items.map((r) => r.subject.kind).sort()).toEqual([
      'conversation',
      'listing',
      'listing',
    ]);
    const conversation = queue.items.find((r) => r.subject.kind === 'conversation');
    const detail = AdminReportDetailSchema.parse(
      await (await admin.get(`/api/admin/reports/${conversation?.id}`)).json(),
    );
    expect(detail.messages).toHaveLength(4);
  });

  it("gives the demo renter viewing notes on the demo landlord's listings, only theirs", async () => {
    const renter = new ApiClient(app);
    expect((await renter.signIn('renter@stoop.test', DEMO_PASSWORD)).status).toBe(200);
    const { items } = NotesSchema.parse(await (await renter.get('/api/notes')).json());
    expect(items).toHaveLength(2);
    for (const note of items) {
      expect(note.listingId).not.toBeNull();
      expect(note.propertyAddress.length).toBeGreaterThan(0);
      expect(note.content.length).toBeGreaterThan(50);
    }
    const other = new ApiClient(app);
    expect((await other.signIn('jordan.rivera@stoop.test', DEMO_PASSWORD)).status).toBe(200);
    expect(NotesSchema.parse(await (await other.get('/api/notes')).json()).items).toEqual([]);
  });

  it('gives the demo renter a saved search with two new matches, and mails nobody', async () => {
    const renter = new ApiClient(app);
    expect((await renter.signIn('renter@stoop.test', DEMO_PASSWORD)).status).toBe(200);
    const { items } = SavedSearchesSchema.parse(
      await (await renter.get('/api/saved-searches')).json(),
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'Williamsburg 1BR+ under $4,000',
      alerts: 'instant',
      newMatches: 2,
      query: { neighborhoods: ['williamsburg'], bedrooms: 1, maxPrice: 4000 },
    });
    const matches = SavedSearchMatchesSchema.parse(
      await (await renter.get(`/api/saved-searches/${items[0]?.id}/matches`)).json(),
    );
    expect(matches.items.map((m) => [m.kind, m.isNew])).toEqual([
      ['new_match', true],
      ['new_match', true],
    ]);
    for (const { listing } of matches.items) {
      expect(listing).toMatchObject({ neighborhood: 'williamsburg', status: 'active' });
      expect(listing.bedrooms).toBeGreaterThanOrEqual(1);
      expect(listing.rentCents).toBeLessThanOrEqual(400_000);
    }
    // The seed's own changes are old news: no alert mail for anyone.
    const mailed = await one<{ n: number }>(sql`
      select count(*)::int as n from outbox_emails where headers ? 'List-Unsubscribe'`);
    expect(mailed.n).toBe(0);
  });

  it('gives the demo renter a complete profile, documents and an open application', async () => {
    const renter = new ApiClient(app);
    expect((await renter.signIn('renter@stoop.test', DEMO_PASSWORD)).status).toBe(200);
    const profile = RenterProfileResponseSchema.parse(
      await (await renter.get('/api/renter-profile')).json(),
    );
    expect(profile.missing).toEqual([]);
    expect(profile.profile).toMatchObject({ legalName: 'Maya Chen', occupants: 2 });
    expect(profile.profile?.voucher).toBeUndefined();
    expect(profile.profile?.incomes).toHaveLength(1);
    expect(profile.profile?.incomes[0]).toMatchObject({ source: 'employment' });
    expect(profile.profile?.rentalHistory.length).toBeGreaterThan(0);
    const { items: documents } = RenterDocumentsSchema.parse(
      await (await renter.get('/api/renter-profile/documents')).json(),
    );
    expect(documents.map((d) => d.kind).sort()).toEqual(['employment_letter', 'pay_stub']);
    const file = await renter.get(`/api/renter-profile/documents/${documents[0]?.id}`);
    expect(file.status).toBe(200);
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
    const { items } = ApplicationsPageSchema.parse(
      await (await renter.get('/api/applications')).json(),
    );
    // Her own, and the household she joined as Jordan's roommate (issue 29).
    expect(items.map((a) => [a.viewer, a.status])).toEqual([
      ['applicant', 'submitted'],
      ['member', 'submitted'],
    ]);
    const own = items.find((a) => a.viewer === 'applicant');
    expect(own).toMatchObject({ meetsCriteria: 'household', applicant: { name: 'Maya Chen' } });
    expect(own?.documents).toHaveLength(2);
    const joined = items.find((a) => a.viewer === 'member');
    expect(joined?.applicant.name).toBe('Jordan Rivera');
    expect(joined?.members.map((m) => [m.role, m.name, m.status])).toEqual([
      ['co_applicant', 'Maya Chen', 'joined'],
      ['guarantor', 'Leo Marchetti', 'joined'],
    ]);
    // Hers to see: her own documents; not the guarantor's, not Jordan's profile.
    expect(joined?.members[0]?.documents).toHaveLength(1);
    expect(joined?.members[1]?.profile).toBeNull();
    expect(joined?.profile).toBeNull();
  });

  it('gives the demo landlord applications in several states, on listings with criteria', async () => {
    const landlord = new ApiClient(app);
    expect((await landlord.signIn('landlord@stoop.test', DEMO_PASSWORD)).status).toBe(200);
    const { items } = ApplicationsPageSchema.parse(
      await (await landlord.get('/api/applications')).json(),
    );
    expect(items.map((a) => a.status).sort()).toEqual([
      'declined',
      'info_requested',
      'offered',
      'submitted',
      'submitted',
      'submitted',
      'withdrawn',
    ]);
    // Oldest first, each with its timeline in order.
    const sent = items.map((a) => a.submittedAt);
    expect(sent).toEqual([...sent].sort());
    for (const application of items) {
      // A household's starts with its invitations; every other with the submission.
      expect(application.timeline[0]?.kind).toBe(
        application.members.length > 0 ? 'member_invited' : 'submitted',
      );
      const times = application.timeline.map((t) => t.at);
      expect(times).toEqual([...times].sort());
    }
    const offered = items.find((a) => a.status === 'offered');
    expect(offered?.offer?.fees.length).toBeGreaterThan(0);
    expect(offered?.offer?.depositCents).toBeLessThanOrEqual(offered?.offer?.rentCents ?? 0);
    const asked = items.find((a) => a.status === 'info_requested');
    expect(asked?.timeline.at(-1)).toMatchObject({ kind: 'info_requested', by: 'landlord' });
    expect(asked?.timeline.at(-1)?.detail?.length).toBeGreaterThan(10);
    expect(items.find((a) => a.status === 'declined')?.closedAt).not.toBeNull();
    expect(new Set(items.map((a) => a.applicant.id)).size).toBe(4);
    // The household: both figures on the landlord's row.
    const household = items.find((a) => a.members.length > 0);
    expect(household?.members.map((m) => m.documents.length)).toEqual([1, 1]);
    expect(household?.incomeMultiple).toBeGreaterThan(0);
    expect(household?.guarantorIncomeMultiple).toBeGreaterThan(0);
    // One below the income it was held to, the rest meeting it.
    const below = items.filter((a) => !a.meetsCriteria);
    expect(below.map((a) => [a.applicant.name, a.status])).toEqual([
      ['Jordan Rivera', 'submitted'],
    ]);
    // Two listings state criteria, in words the listing page shows.
    const withCriteria = items.filter((a) => a.criteria.incomeMultiple !== null);
    expect(new Set(withCriteria.map((a) => a.listing.id)).size).toBe(2);
    const settings = ApplicationSettingsResponseSchema.parse(
      await (
        await app.request(`/api/listings/${withCriteria[0]?.listing.id}/application-settings`)
      ).json(),
    );
    expect(settings.settings.incomeMultiple).toBe(40);
    // The landlord opens a document sent to them.
    const document = items.find((a) => a.documents.length > 0)?.documents[0];
    const opened = await landlord.get(`/api/renter-profile/documents/${document?.id}`);
    expect(opened.status).toBe(200);
    expect((await opened.text()).startsWith('%PDF-')).toBe(true);
  });

  it('changes nothing when run again', async () => {
    // The same counts before and after the second run.
    const rowCounts = sql`
      select (select count(*) from listings)::int as l, (select count(*) from listing_photos)::int as p,
        (select count(*) from users)::int as u, (select count(*) from saved_listings)::int as s,
        (select count(*) from landlord_availability)::int as a,
        (select count(*) from listing_tour_settings)::int as t,
        (select count(*) from tours)::int as tours, (select count(*) from waitlist_entries)::int as w,
        (select count(*) from invoices)::int as inv, (select count(*) from invoice_lines)::int as il,
        (select count(*) from reports)::int as rep, (select count(*) from messages)::int as msg,
        (select count(*) from notes)::int as notes,
        (select count(*) from saved_searches)::int as ss, (select count(*) from alerts)::int as al,
        (select count(*) from renter_profiles)::int as rp, (select count(*) from renter_documents)::int as rd,
        (select count(*) from listing_application_settings)::int as las,
        (select count(*) from applications)::int as ap, (select count(*) from application_events)::int as ae`;
    const before = await one<{
      l: number;
      p: number;
      u: number;
      s: number;
      a: number;
      t: number;
      tours: number;
      w: number;
      inv: number;
      il: number;
      rep: number;
      msg: number;
      notes: number;
      ss: number;
      al: number;
      rp: number;
      rd: number;
      las: number;
      ap: number;
      ae: number;
    }>(rowCounts);
    // Idempotent runs are cheap: nothing is rendered or stored again (counted, not timed).
    const stored: string[] = [];
    expect(
      await seedDemoData(db, {
        storage: recordingStorage(stored),
        photoCacheDir: deps.env.SEED_PHOTO_CACHE_DIR,
      }),
    ).toEqual([]);
    const after = await one<typeof before>(rowCounts);
    expect(after).toEqual(before);
    expect(stored).toEqual([]);
  });
});
