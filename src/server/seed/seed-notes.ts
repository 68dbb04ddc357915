import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { listings } from '../db/schema/listings.ts';
import { notes } from '../db/schema/notes.ts';
import { newYorkDay } from '../lib/time.ts';
import { stableUuid } from './seed-listings.ts';

/*
 * The demo renter's viewing notes (issue 15), so /notes, the dashboard card and a listing's
 * "My notes" show what the feature is for. Stable ids and `on conflict do nothing`: a second run
 * adds nothing and leaves an edited note as the renter left it.
 */

const DAY = 86_400_000;

const DEMO_NOTES = [
  {
    key: 'first',
    daysAgo: 2,
    content:
      'Bright corner unit, windows on two sides. Bedroom fits a queen plus a desk. Radiator clanks; ask if the super bleeds them before winter. Five minutes to the train.',
    amenities: ['Natural light', 'Laundry in building', 'Quiet street'],
  },
  {
    key: 'second',
    daysAgo: 6,
    content:
      'Nice renovated kitchen but the bathroom has no window. Landlord said the lease can start on the 1st or the 15th. Street noise from the bar on the corner on a Friday night.',
    amenities: ['Dishwasher', 'Elevator'],
  },
] as const;

export async function seedDemoNotes(
  db: Db,
  { renterId, landlordId }: { renterId: string; landlordId: string },
): Promise<string[]> {
  const viewed = await db
    .select({ id: listings.id, address: listings.address, unit: listings.unit })
    .from(listings)
    .where(
      and(
        eq(listings.landlordId, landlordId),
        eq(listings.status, 'active'),
        isNotNull(listings.address),
      ),
    )
    .orderBy(asc(listings.id))
    .limit(DEMO_NOTES.length);
  const now = Date.now();
  const values = viewed.flatMap((listing, i) => {
    const note = DEMO_NOTES[i];
    if (!note || !listing.address) return [];
    const editedAt = new Date(now - note.daysAgo * DAY);
    return [
      {
        id: stableUuid(`demo-note-${note.key}`),
        userId: renterId,
        propertyAddress: listing.address,
        unitNumber: listing.unit ?? '',
        dateViewed: newYorkDay(editedAt.getTime()),
        content: note.content,
        amenities: [...note.amenities],
        listingId: listing.id,
        editedAt,
        createdAt: editedAt,
        updatedAt: editedAt,
      },
    ];
  });
  if (values.length === 0) return [];
  const inserted = await db
    .insert(notes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: notes.id });
  return inserted.length > 0 ? [`${inserted.length} notes`] : [];
}
