import {
  AvailabilityInputSchema,
  AvailabilitySchema,
  ListingTourSettingsSchema,
  SlotsResponseSchema,
  TourSettingsInputSchema,
} from '../../../shared/schemas/tours.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

/** Availability, tour settings and slots in /api/openapi.json. */
export const availabilityApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/landlord/availability',
    errors: ['FORBIDDEN'],
    summary: "The signed-in landlord's tour hours (closed every day until saved) and tour defaults",
    tags: ['tours'],
    response: AvailabilitySchema,
    auth: true,
  },
  {
    method: 'put',
    path: '/api/landlord/availability',
    errors: ['FORBIDDEN'],
    summary: 'Save tour hours: the fields given replace the saved ones; tourDefaults is merged',
    tags: ['tours'],
    body: AvailabilityInputSchema,
    response: AvailabilitySchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/listings/{id}/tour-settings',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary: "A listing's effective tour settings (its own, or its landlord's defaults)",
    tags: ['tours'],
    response: ListingTourSettingsSchema,
  },
  {
    method: 'put',
    path: '/api/listings/{id}/tour-settings',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary: "Change a listing's tour settings (owner); inherit: true follows the defaults again",
    tags: ['tours'],
    body: TourSettingsInputSchema,
    response: ListingTourSettingsSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/listings/{id}/tour-slots',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary: 'Bookable tour slots between two local dates (from, to; at most 62 days)',
    tags: ['tours'],
    response: SlotsResponseSchema,
  },
];
