import {
  LandlordProfileInputSchema,
  LandlordProfileSchema,
} from '../../../shared/schemas/billing.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const profile = ['landlord profile'];

/** The landlord profile in /api/openapi.json (issue 14). */
export const landlordProfileApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/landlord/profile',
    errors: ['FORBIDDEN'],
    summary:
      "The landlord's own profile (landlords): defaults to their name; response figures over the last 90 days of messaging",
    tags: profile,
    response: LandlordProfileSchema,
    auth: true,
  },
  {
    method: 'put',
    path: '/api/landlord/profile',
    errors: ['FORBIDDEN'],
    summary: 'Replace the profile text: displayName (1-80), phone, bio, languages (landlords)',
    tags: profile,
    body: LandlordProfileInputSchema,
    response: LandlordProfileSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/landlord/profile/photo',
    success: [201],
    errors: ['FORBIDDEN', 'RATE_LIMITED', 'VALIDATION_ERROR'],
    summary:
      'Upload the profile photo (multipart/form-data, field "photo"): checked and re-encoded like listing photos; 201 with the profile',
    tags: profile,
    response: LandlordProfileSchema,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/landlord/profile/photo',
    errors: ['FORBIDDEN'],
    summary: 'Remove the profile photo (landlords)',
    tags: profile,
    response: LandlordProfileSchema,
    auth: true,
  },
];
