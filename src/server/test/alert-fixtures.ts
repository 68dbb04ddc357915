import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type SavedSearch, SavedSearchSchema } from '../../shared/schemas/saved-searches.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/client.ts';
import { listings } from '../db/schema/listings.ts';
import { outboxEmails } from '../db/schema/mail.ts';
import { alertDeps } from '../modules/alerts/alert-deps.ts';
import { runAlertScan } from '../modules/alerts/alert-scan.ts';
import type { Person } from './messaging-fixtures.ts';

/** Saves a search through the API (201) and returns it. */
export async function saveSearch(
  who: Person,
  body: { name?: string; query?: Record<string, unknown>; alerts?: string } = {},
): Promise<SavedSearch> {
  const res = await who.client.post('/api/saved-searches', {
    name: body.name ?? 'Williamsburg 1BR',
    query: body.query ?? {},
    ...(body.alerts ? { alerts: body.alerts } : {}),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return SavedSearchSchema.parse(json);
}

/** One alerts scan now (the job may also run one: scans never overlap, both are safe). */
export function scanNow(deps: AppDeps) {
  return runAlertScan(alertDeps(deps));
}

let counter = 0;

/**
 * An active listing written straight to the table, as any writer would (the change log's
 * trigger sees it): far cheaper than publishing with a photo, for tests that need many.
 */
export async function insertListing(
  db: Db,
  landlordId: string,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<string> {
  counter += 1;
  const [row] = await db
    .insert(listings)
    .values({
      landlordId,
      status: 'active',
      title: `Sunny apartment ${counter}`,
      address: `${100 + counter} Bedford Ave`,
      neighborhood: 'williamsburg',
      borough: 'brooklyn',
      lat: 40.714,
      lng: -73.961,
      rentCents: 350_000,
      bedrooms: 1,
      bathrooms: 1,
      pets: 'cats',
      laundry: 'in_building',
      publishedAt: new Date(),
      ...overrides,
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('listing not inserted');
  return row.id;
}

export async function updateListing(
  db: Db,
  id: string,
  changes: Partial<typeof listings.$inferInsert>,
): Promise<void> {
  await db.update(listings).set(changes).where(eq(listings.id, id));
}

/** Every alert mail to `to` (the ones with List-Unsubscribe), oldest first, sent or not. */
export async function mailsTo(db: Db, to: string) {
  return db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), sql`${outboxEmails.headers} ? 'List-Unsubscribe'`))
    .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id));
}

export async function alertRows(db: Db, userId: string) {
  const result = await db.execute<{
    kind: string;
    listing_id: string;
    saved_search_id: string | null;
    previous_rent_cents: number | null;
    rent_cents: number | null;
    mailed: boolean;
  }>(sql`select kind, listing_id, saved_search_id, previous_rent_cents, rent_cents,
      mailed_at is not null as mailed
    from alerts where user_id = ${userId} order by created_at, id`);
  return result.rows;
}

export async function liveEvents(db: Db, userId: string, type: string) {
  const result = await db.execute<{ payload: unknown }>(
    sql`select payload from events where user_id = ${userId} and type = ${type} order by id`,
  );
  return result.rows.map((row) => row.payload);
}
