import {
  BookTourInputSchema,
  CancelTourInputSchema,
  DeclineTourInputSchema,
  RescheduleTourInputSchema,
  TourSchema,
  ToursResponseSchema,
} from '../../../shared/schemas/tours.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const tours = ['tours'];

const action = (
  name: string,
  summary: string,
  body?: ApiOperation['body'],
  more: Pick<ApiOperation, 'success' | 'errors'> = {},
): ApiOperation => ({
  method: 'post',
  path: `/api/tours/{id}/${name}`,
  summary,
  tags: tours,
  ...(body ? { body } : {}),
  response: TourSchema,
  // Not the tour's renter or landlord: 404; the other party's action: 403; too late: 409.
  errors: ['FORBIDDEN', 'NOT_FOUND', 'TOUR_STATE', ...(more.errors ?? [])],
  ...(more.success ? { success: more.success } : {}),
  auth: true,
});

/** Tours in /api/openapi.json (issue 13). */
export const toursApiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/tours',
    success: [201, 200],
    errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', 'SLOT_TAKEN'],
    summary:
      'Book a tour (renters): 201 with the tour; the same idempotencyKey again returns the first tour; a taken slot 409 SLOT_TAKEN. At most 2 upcoming (requested or confirmed) tours of one listing and 10 bookings an hour a renter: 429 RATE_LIMITED with Retry-After',
    tags: tours,
    body: BookTourInputSchema,
    response: TourSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/tours',
    errors: ['VALIDATION_ERROR'],
    summary:
      "The renter's own tours, or the tours on the landlord's listings. Query: scope=upcoming|past|all, listingId, from, to (local dates), status",
    tags: tours,
    response: ToursResponseSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/tours/{id}',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    summary: 'One tour (its renter and landlord only)',
    tags: tours,
    response: TourSchema,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/tours/{id}/ics',
    errors: ['NOT_FOUND', 'VALIDATION_ERROR'],
    produces: 'text/calendar',
    summary: 'The tour as an iCalendar file (text/calendar; METHOD:CANCEL once cancelled)',
    tags: tours,
    auth: true,
  },
  action('confirm', 'Confirm a requested tour (landlord)'),
  action(
    'decline',
    'Decline a requested tour (landlord), with an optional reason',
    DeclineTourInputSchema,
  ),
  action(
    'cancel',
    'Cancel a tour (renter before the cut-off, or landlord), with an optional reason',
    CancelTourInputSchema,
  ),
  action(
    'reschedule',
    'Move a tour: a new tour at start (201), linked to this one, which is cancelled',
    RescheduleTourInputSchema,
    { success: [201, 200], errors: ['CONFLICT', 'SLOT_TAKEN'] },
  ),
  action('complete', 'Mark a confirmed tour completed once it has started (landlord)'),
  action('no-show', 'Mark a confirmed tour a no-show once it has started (landlord)'),
];
