import { findNeighborhood } from '../../../shared/neighborhoods.ts';
import type { PublishField } from '../../../shared/schemas/listing-publish.ts';
import type { Listing } from '../../../shared/schemas/listing-responses.ts';
import type { UpdateListingInput } from '../../../shared/schemas/listings.ts';

export type FeeValues = {
  type: string;
  /** Dollars as typed. */
  amount: string;
  frequency: 'one_time' | 'monthly';
  required: boolean;
  description: string;
};

/** The create form's fields: numbers are kept as typed strings, money in dollars. */
export type ListingFormValues = {
  title: string;
  description: string;
  address: string;
  unit: string;
  neighborhood: string;
  rent: string;
  freeMonths: string;
  fees: FeeValues[];
  bedrooms: string;
  bathrooms: string;
  sqft: string;
  availableFrom: string;
  leaseTermMonths: string;
  pets: string;
  laundry: string;
  amenities: string[];
  /** Off: renters see the block (the rounded map position), not the door. */
  showExactLocation: boolean;
};

export const STEPS = [
  { key: 'basics', title: 'Basics' },
  { key: 'location', title: 'Location' },
  { key: 'price', title: 'Price and fees' },
  { key: 'details', title: 'Details and amenities' },
  { key: 'photos', title: 'Photos' },
  { key: 'review', title: 'Review and publish' },
] as const;
export type StepKey = (typeof STEPS)[number]['key'];

/** The publish requirements each step checks before Continue (the server checks them all). */
export const STEP_REQUIREMENTS: Record<StepKey, readonly PublishField[]> = {
  basics: ['description'],
  location: ['address', 'neighborhood', 'lat', 'lng'],
  price: ['rentCents'],
  details: ['bedrooms', 'bathrooms', 'availableFrom', 'leaseTermMonths', 'pets', 'laundry'],
  photos: ['photos'],
  review: [],
};

export const EMPTY_VALUES: ListingFormValues = {
  title: '',
  description: '',
  address: '',
  unit: '',
  neighborhood: '',
  rent: '',
  freeMonths: '0',
  fees: [],
  bedrooms: '',
  bathrooms: '',
  sqft: '',
  availableFrom: '',
  leaseTermMonths: '12',
  pets: '',
  laundry: '',
  amenities: [],
  showExactLocation: false,
};

const text = (value: number | null | undefined) => (value == null ? '' : String(value));
const dollars = (cents: number | null) => (cents === null ? '' : String(cents / 100));

export function valuesOf(listing: Listing): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    address: listing.address ?? '',
    unit: listing.unit ?? '',
    neighborhood: listing.neighborhood ?? '',
    rent: dollars(listing.rentCents),
    freeMonths: String(listing.freeMonths),
    fees: listing.fees.map((fee) => ({
      type: fee.type,
      amount: dollars(fee.amountCents),
      frequency: fee.frequency,
      required: fee.required,
      description: fee.description ?? '',
    })),
    bedrooms: text(listing.bedrooms),
    bathrooms: text(listing.bathrooms),
    sqft: text(listing.sqft),
    availableFrom: listing.availableFrom?.slice(0, 10) ?? '',
    leaseTermMonths: text(listing.leaseTermMonths),
    pets: listing.pets ?? '',
    laundry: listing.laundry ?? '',
    amenities: [...listing.amenities],
    showExactLocation: listing.showExactLocation,
  };
}

/** A typed number, or null when empty (non-numbers stay as text for the schema to refuse). */
function num(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}
function cents(value: string): number | null {
  const n = num(value);
  return n === null || Number.isNaN(n) ? n : Math.round(n * 100);
}
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What one step sends to `PATCH /api/listings/{id}` (unknown enum text is left to zod). */
export function payloadOf(step: StepKey, values: ListingFormValues): UpdateListingInput {
  switch (step) {
    case 'basics':
      return { title: values.title, description: values.description };
    case 'location': {
      const place = findNeighborhood(values.neighborhood);
      return {
        address: orNull(values.address),
        unit: orNull(values.unit),
        neighborhood: (orNull(values.neighborhood) as UpdateListingInput['neighborhood']) ?? null,
        // The neighborhood's center until a map lets the landlord place the pin.
        lat: place?.lat ?? null,
        lng: place?.lng ?? null,
        showExactLocation: values.showExactLocation,
      };
    }
    case 'price':
      return {
        rentCents: cents(values.rent),
        freeMonths: num(values.freeMonths) ?? 0,
        fees: values.fees.map((fee) => ({
          type: fee.type as NonNullable<UpdateListingInput['fees']>[number]['type'],
          amountCents: cents(fee.amount) ?? 0,
          frequency: fee.frequency,
          required: fee.required,
          ...(fee.description.trim() ? { description: fee.description.trim() } : {}),
        })),
      };
    case 'details':
      return {
        bedrooms: num(values.bedrooms),
        bathrooms: num(values.bathrooms),
        sqft: num(values.sqft),
        availableFrom: orNull(values.availableFrom),
        leaseTermMonths: num(values.leaseTermMonths),
        pets: orNull(values.pets) as UpdateListingInput['pets'],
        laundry: orNull(values.laundry) as UpdateListingInput['laundry'],
        amenities: values.amenities as NonNullable<UpdateListingInput['amenities']>,
      };
    default:
      return {};
  }
}

/** Maps an API field path to the form field that shows its error. */
export function formFieldOf(path: string): string {
  return path
    .replace(/^rentCents$/, 'rent')
    .replace(/^fees\.(\d+)\.amountCents$/, 'fees.$1.amount')
    .replace(/^(lat|lng)$/, 'neighborhood');
}
