/*
 * Application-profile fields and limits, shared by the API and the web app. No zod here: a page
 * that imports these must not load zod and the schemas with them (decisions 012, 063).
 */

/** What an application needs that the profile lacks, by field name. */
export const PROFILE_FIELDS = [
  'legalName',
  'phone',
  'currentAddress',
  'moveInDate',
  'occupants',
  'incomes',
] as const;

/** Words for each missing field, as the apply dialog and a 400 name them. */
export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  legalName: 'legal name',
  phone: 'phone',
  currentAddress: 'current address',
  moveInDate: 'move-in date',
  occupants: 'number of occupants',
  incomes: 'income',
};

export const PROFILE_LIMITS = {
  legalName: 120,
  phone: 30,
  address: 200,
  employer: 100,
  title: 100,
  program: 100,
  landlordName: 120,
  landlordContact: 120,
  about: 1000,
  incomes: 10,
  rentalHistory: 10,
  pets: 5,
  petCount: 10,
  occupants: 12,
  /** $1,000,000 a month: more is a typo. */
  monthlyCents: 100_000_000,
} as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
