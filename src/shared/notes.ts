/*
 * Viewing-note vocabulary and limits, shared by the API and the web app. No zod here: a page that
 * imports these must not load zod and the schemas with them (decisions 012, 063).
 */

/** Amenities a renter can tick off; free text beyond these is allowed (up to the limits). */
export const NOTE_AMENITIES = [
  'Dishwasher',
  'Laundry in unit',
  'Laundry in building',
  'Elevator',
  'Doorman',
  'Outdoor space',
  'Natural light',
  'Quiet street',
  'Good water pressure',
  'Pets allowed',
  'Gym',
  'Storage',
] as const;

export const NOTE_LIMITS = {
  propertyAddress: 200,
  unitNumber: 20,
  content: 5000,
  amenity: 40,
  amenities: 30,
  photos: 10,
} as const;
