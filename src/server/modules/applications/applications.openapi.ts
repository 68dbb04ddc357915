import {
  ApplicationSettingsResponseSchema,
  ApplicationSettingsSchema,
} from '../../../shared/schemas/application-settings.ts';
import {
  RenterProfileInputSchema,
  RenterProfileResponseSchema,
} from '../../../shared/schemas/renter-profile.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const tags = ['applications'];

/** Rental applications in /api/openapi.json (issue 28). */
export const applicationsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/renter-profile',
    errors: ['FORBIDDEN'],
    summary:
      "The caller's reusable application profile, or null, and `missing`: the fields an application still needs (renters only)",
    tags,
    response: RenterProfileResponseSchema,
    auth: true,
  },
  {
    method: 'put',
    path: '/api/renter-profile',
    errors: ['FORBIDDEN', 'VALIDATION_ERROR'],
    summary:
      'Replace the profile (renters only). Unknown fields are refused (400): the profile asks nothing New York forbids a landlord to weigh. legalName, phone, currentAddress, moveInDate and occupants may be left out while filling it in; `missing` then names them',
    tags,
    body: RenterProfileInputSchema,
    response: RenterProfileResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/listings/{id}/application-settings',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      "What a listing asks of applicants, for anyone who can see it: incomeMultiple is yearly income over the monthly rent (New York's 40×); without settings, applications are taken and nothing is asked beyond the profile",
    tags,
    response: ApplicationSettingsResponseSchema,
  },
  {
    method: 'put',
    path: '/api/listings/{id}/application-settings',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'],
    summary: "Set a listing's application criteria, whole (its landlord; any other listing is 404)",
    tags,
    body: ApplicationSettingsSchema,
    response: ApplicationSettingsResponseSchema,
    auth: true,
  },
];
