import {
  JoinWaitlistInputSchema,
  LandlordWaitlistSchema,
  OfferWaitlistInputSchema,
  WaitlistEntrySchema,
  WaitlistResponseSchema,
} from '../../../shared/schemas/tours.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const waitlist = ['waitlist'];

/** The waitlist in /api/openapi.json (issue 13). */
export const waitlistApiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/listings/{id}/waitlist',
    success: [201, 200],
    errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'],
    summary:
      "Join a listing's waitlist (renters; 201, or 200 with the place already held; 409 when the list is closed)",
    tags: waitlist,
    body: JoinWaitlistInputSchema,
    response: WaitlistEntrySchema,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/listings/{id}/waitlist',
    success: [204],
    errors: ['FORBIDDEN'],
    summary: "Leave a listing's waitlist (204, idempotent)",
    tags: waitlist,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/waitlist',
    errors: ['FORBIDDEN'],
    summary: "The renter's waitlist entries with their position",
    tags: waitlist,
    response: WaitlistResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/landlord/waitlist',
    errors: ['FORBIDDEN'],
    summary: "Each of the landlord's listings with its queue, in line order",
    tags: waitlist,
    response: LandlordWaitlistSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/waitlist/{entryId}/offer',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    summary: 'Offer a slot to a waiting renter by hand (landlord); held for the hold time',
    tags: waitlist,
    body: OfferWaitlistInputSchema,
    response: WaitlistEntrySchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/waitlist/{entryId}/remove',
    errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'],
    summary: 'Remove an entry from the queue (landlord)',
    tags: waitlist,
    response: WaitlistEntrySchema,
    auth: true,
  },
];
