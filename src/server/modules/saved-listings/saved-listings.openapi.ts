import {
  SavedListingResponseSchema,
  SavedListingsSchema,
} from '../../../shared/schemas/saved-listings.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

/** Saved listings in /api/openapi.json. */
export const savedListingsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/saved-listings',
    summary: 'Saved listings of the signed-in user (available=false once off the market)',
    tags: ['saved-listings'],
    response: SavedListingsSchema,
    auth: true,
  },
  {
    method: 'put',
    path: '/api/saved-listings/{listingId}',
    success: [201, 200],
    errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'],
    summary: 'Save a listing (idempotent)',
    tags: ['saved-listings'],
    response: SavedListingResponseSchema,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/saved-listings/{listingId}',
    success: [204],
    summary: 'Unsave a listing (idempotent; 204)',
    tags: ['saved-listings'],
    auth: true,
  },
];
