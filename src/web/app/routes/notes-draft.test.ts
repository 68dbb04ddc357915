import { describe, expect, it } from 'vitest';
import type { Tour } from '../../../shared/schemas/tours.ts';
import { draftFromTour } from './notes-draft.ts';

describe('a note started from a tour', () => {
  it("takes the listing's address and unit and the tour's day in the listing's zone", () => {
    const tour = {
      listingId: '00000000-0000-4000-8000-0000000000d1',
      listing: { address: '12 Test Street', unit: '3B', title: 'Sunny two-bedroom' },
      // 11:30 pm in New York on Nov 20 is already Nov 21 in UTC.
      start: '2026-11-21T04:30:00.000Z',
      timeZone: 'America/New_York',
    } as Tour;
    expect(draftFromTour(tour)).toEqual({
      propertyAddress: '12 Test Street',
      unitNumber: '3B',
      dateViewed: '2026-11-20',
      listingId: '00000000-0000-4000-8000-0000000000d1',
    });
  });

  it('falls back to the title when the address is not shown', () => {
    const tour = {
      listingId: '00000000-0000-4000-8000-0000000000d1',
      listing: { address: null, unit: null, title: 'Sunny two-bedroom' },
      start: '2026-11-21T15:00:00.000Z',
      timeZone: 'America/New_York',
    } as Tour;
    expect(draftFromTour(tour)).toMatchObject({
      propertyAddress: 'Sunny two-bedroom',
      unitNumber: '',
    });
  });
});
