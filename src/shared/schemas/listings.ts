import { z } from 'zod';
import {
  AMENITY_SLUGS,
  FEE_FREQUENCIES,
  FEE_TYPE_SLUGS,
  LAUNDRY,
  LEASE_TERM_MAX_MONTHS,
  LEASE_TERM_MIN_MONTHS,
  LISTING_STATUSES,
  MAX_APPLICATION_FEE_CENTS,
  MAX_BATHROOMS,
  MAX_BEDROOMS,
  MAX_FEES,
  MAX_RENT_CENTS,
  PETS,
} from '../listings.ts';
import { BOROUGH_SLUGS, NEIGHBORHOOD_SLUGS } from '../neighborhoods.ts';
import { userText } from './user-text.ts';

/**
 * What a landlord writes about a listing (its fields, fees, create and update), and the ids and
 * names the other listing contracts share. Searching is in listing-queries.ts, what the API
 * answers in listing-responses.ts.
 */

const FEE_DESCRIPTION_TOO_LONG = 'Fee descriptions are at most 120 characters.';
export const BROKER_FEE_MESSAGE =
  'Stoop listings never charge tenants a broker fee (FARE Act). Remove it or pay it yourself.';
export const INVALID_LISTING_ID_MESSAGE = 'Invalid listing ID format';

export const ListingIdSchema = z.uuid({ error: INVALID_LISTING_ID_MESSAGE });
export const ListingIdParamSchema = z.object({ id: ListingIdSchema });
export const PhotoParamSchema = z.object({
  id: ListingIdSchema,
  photoId: z.uuid({ error: 'Invalid photo ID format' }),
});

export const ListingStatusSchema = z.enum(LISTING_STATUSES, {
  error: 'Status must be draft, active, rented or archived.',
});
export const NeighborhoodSlugSchema = z.enum(NEIGHBORHOOD_SLUGS, {
  error: 'Choose a neighborhood from the list.',
});
export const BoroughSchema = z.enum(BOROUGH_SLUGS, {
  error: 'Choose a borough: manhattan, brooklyn, queens, bronx or staten-island.',
});
export const AmenitySchema = z.enum(AMENITY_SLUGS, {
  error: 'Choose amenities from the list.',
});
export const PetsSchema = z.enum(PETS, {
  error: 'Pets must be none, cats, dogs or cats_and_dogs.',
});
export const LaundrySchema = z.enum(LAUNDRY, {
  error: 'Laundry must be in_unit, in_building or none.',
});

/** A calendar day as `YYYY-MM-DD`. */
export const DateSchema = z.iso.date({ error: 'Use a date like 2026-09-01.' });

export const FeeSchema = z
  .object({
    type: z.enum(FEE_TYPE_SLUGS, {
      error: (issue) =>
        /broker/i.test(String(issue.input))
          ? BROKER_FEE_MESSAGE
          : 'Choose a fee type from the list.',
    }),
    amountCents: z
      .number({ error: 'Enter the fee amount in cents.' })
      .int({ error: 'Fee amounts are whole cents.' })
      .min(0, { error: 'A fee cannot be negative.' })
      .max(MAX_RENT_CENTS, { error: 'That fee is too large.' }),
    frequency: z.enum(FEE_FREQUENCIES, { error: 'A fee is one_time or monthly.' }),
    required: z.boolean({ error: 'Say whether the fee is required or optional.' }),
    description: userText(z.string().max(120, { error: FEE_DESCRIPTION_TOO_LONG }), {
      length: 120,
      error: FEE_DESCRIPTION_TOO_LONG,
    }).optional(),
  })
  .superRefine((fee, ctx) => {
    if (fee.description && /broker/i.test(fee.description)) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: BROKER_FEE_MESSAGE });
    }
    if (fee.type === 'other' && !fee.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Describe this fee.' });
    }
    if (fee.type === 'application' && fee.amountCents > MAX_APPLICATION_FEE_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountCents'],
        message: 'New York caps the application fee at $20.',
      });
    }
    if (
      (fee.type === 'application' || fee.type === 'security_deposit') &&
      fee.frequency !== 'one_time'
    ) {
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'This fee is one-time.' });
    }
  });
export type Fee = z.infer<typeof FeeSchema>;

const TITLE_TOO_LONG = 'Title must be at most 120 characters.';
const TitleSchema = userText(
  z
    .string()
    .min(3, { error: 'Title must be at least 3 characters.' })
    .max(120, { error: TITLE_TOO_LONG }),
  { length: 120, error: TITLE_TOO_LONG },
  'Please enter a title.',
);
const DESCRIPTION_TOO_LONG = 'Description must be at most 5000 characters.';
const ADDRESS_TOO_LONG = 'Address must be at most 200 characters.';
const UNIT_TOO_LONG = 'Unit must be at most 20 characters.';

/** Every field a landlord may set; each optional so a draft fills in step by step. */
const listingFields = {
  title: TitleSchema,
  description: userText(z.string().max(5000, { error: DESCRIPTION_TOO_LONG }), {
    length: 5000,
    error: DESCRIPTION_TOO_LONG,
  }),
  address: userText(
    z.string().min(3, { error: 'Enter the street address.' }).max(200, { error: ADDRESS_TOO_LONG }),
    { length: 200, error: ADDRESS_TOO_LONG },
  ).nullable(),
  unit: userText(z.string().max(20, { error: UNIT_TOO_LONG }), {
    length: 20,
    error: UNIT_TOO_LONG,
  }).nullable(),
  neighborhood: NeighborhoodSlugSchema.nullable(),
  lat: z
    .number({ error: 'Latitude must be a number.' })
    .min(40.45, { error: 'The location must be in New York City.' })
    .max(40.95, { error: 'The location must be in New York City.' })
    .nullable(),
  lng: z
    .number({ error: 'Longitude must be a number.' })
    .min(-74.3, { error: 'The location must be in New York City.' })
    .max(-73.65, { error: 'The location must be in New York City.' })
    .nullable(),
  rentCents: z
    .number({ error: 'Enter the monthly rent in cents.' })
    .int({ error: 'Rent is whole cents.' })
    // Rents are quoted in whole dollars everywhere (issue 11 item 14).
    .multipleOf(100, { error: 'Enter the rent in whole dollars.' })
    .min(100_00, { error: 'Rent must be at least $100.' })
    .max(MAX_RENT_CENTS, { error: 'Rent must be at most $100,000.' })
    .nullable(),
  freeMonths: z
    .number({ error: 'Free months must be a number.' })
    .int({ error: 'Free months are whole months.' })
    .min(0, { error: 'Free months cannot be negative.' })
    .max(12, { error: 'At most 12 free months.' }),
  bedrooms: z
    .number({ error: 'Bedrooms must be a number.' })
    .int({ error: 'Bedrooms are whole numbers (0 = studio).' })
    .min(0, { error: 'Bedrooms cannot be negative.' })
    .max(MAX_BEDROOMS, { error: `At most ${MAX_BEDROOMS} bedrooms.` })
    .nullable(),
  bathrooms: z
    .number({ error: 'Bathrooms must be a number.' })
    .multipleOf(0.5, { error: 'Bathrooms go in half steps (1, 1.5, 2 …).' })
    .min(1, { error: 'At least 1 bathroom.' })
    .max(MAX_BATHROOMS, { error: `At most ${MAX_BATHROOMS} bathrooms.` })
    .nullable(),
  sqft: z
    .number({ error: 'Square feet must be a number.' })
    .int({ error: 'Square feet are whole numbers.' })
    .min(50, { error: 'At least 50 square feet.' })
    .max(20_000, { error: 'At most 20,000 square feet.' })
    .nullable(),
  availableFrom: DateSchema.nullable(),
  leaseTermMonths: z
    .number({ error: 'Lease term must be a number of months.' })
    .int({ error: 'Lease term is whole months.' })
    .min(LEASE_TERM_MIN_MONTHS, { error: 'Lease term is at least 1 month.' })
    .max(LEASE_TERM_MAX_MONTHS, { error: `Lease term is at most ${LEASE_TERM_MAX_MONTHS} months.` })
    .nullable(),
  pets: PetsSchema.nullable(),
  laundry: LaundrySchema.nullable(),
  amenities: z
    .array(AmenitySchema)
    .max(AMENITY_SLUGS.length)
    .transform((list) => [...new Set(list)]),
  fees: z.array(FeeSchema).max(MAX_FEES, { error: `At most ${MAX_FEES} fees.` }),
  /**
   * Issue 16: false (the default) keeps the exact spot private: everyone but the landlord sees
   * `lat`/`lng` rounded to a ~250 m grid, the address without its house number and no unit,
   * and the listing page's map shows the neighborhood.
   */
  showExactLocation: z.boolean({ error: 'Show exact location is true or false.' }),
};

/** `POST /api/listings`: a draft from a title alone, or more. */
export const CreateListingSchema = z
  .strictObject(listingFields)
  .partial()
  .extend({ title: TitleSchema });
export type CreateListingInput = z.infer<typeof CreateListingSchema>;

/** `PATCH /api/listings/{id}`: any subset, plus status changes (and `featured` for admins). */
export const UpdateListingSchema = z
  .strictObject({
    ...listingFields,
    status: ListingStatusSchema,
    featured: z.boolean({ error: 'Featured is true or false.' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'Nothing to update.' });
export type UpdateListingInput = z.infer<typeof UpdateListingSchema>;

export const ReorderPhotosSchema = z.object({
  order: z
    .array(z.uuid({ error: 'Invalid photo ID format' }))
    .min(1, { error: 'Give the photo order.' })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'Each photo appears once in the order.',
    }),
});
