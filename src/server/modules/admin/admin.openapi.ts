import type { ErrorCode } from '../../../shared/errors.ts';
import {
  AdminActionReasonSchema,
  AdminAuditSchema,
  AdminFeatureSchema,
  AdminListingResponseSchema,
  AdminListingsSchema,
  AdminOverviewSchema,
  AdminReportDetailSchema,
  AdminReportResponseSchema,
  AdminReportsSchema,
  AdminUserResponseSchema,
  AdminUsersSchema,
} from '../../../shared/schemas/admin.ts';
import { ResolveReportSchema } from '../../../shared/schemas/reports.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const admin = ['admin'];

const op = (
  method: ApiOperation['method'],
  path: string,
  summary: string,
  response: ApiOperation['response'],
  body?: ApiOperation['body'],
  errors: ErrorCode[] = [],
): ApiOperation => ({
  method,
  path: `/api/admin${path}`,
  summary: `${summary} (admins only)`,
  tags: admin,
  ...(body ? { body } : {}),
  response,
  // Anyone but an admin: 403; an unknown id: 404. A list's query is validated (400).
  errors: ['FORBIDDEN', ...(path.includes('{') ? (['NOT_FOUND'] as const) : []), ...errors],
  auth: true,
});

/** The admin's moderation API in /api/openapi.json (issue 15). Lists: `{ items, nextCursor? }`. */
export const adminApiOperations: ApiOperation[] = [
  op('get', '/overview', 'Counts of users, listings and reports', AdminOverviewSchema),
  op(
    'get',
    '/users',
    'Users, newest first. Query: q (name or email, any case), cursor, limit',
    AdminUsersSchema,
    undefined,
    ['VALIDATION_ERROR'],
  ),
  op(
    'post',
    '/users/{id}/suspend',
    'Suspend a user: their sessions end and sign-in answers ACCOUNT_SUSPENDED; never an admin (409); again: unchanged',
    AdminUserResponseSchema,
    AdminActionReasonSchema,
    ['CONFLICT'],
  ),
  op('post', '/users/{id}/restore', 'Lift a suspension', AdminUserResponseSchema),
  op(
    'get',
    '/listings',
    'Listings in every status, newest first. Query: q (title, address, landlord), cursor, limit',
    AdminListingsSchema,
    undefined,
    ['VALIDATION_ERROR'],
  ),
  op(
    'post',
    '/listings/{id}/unpublish',
    'Take a listing down (archived, unfeatured) until restored; the landlord cannot republish it',
    AdminListingResponseSchema,
    AdminActionReasonSchema,
  ),
  op(
    'post',
    '/listings/{id}/restore',
    'Undo a takedown: the listing gets back the status it had',
    AdminListingResponseSchema,
  ),
  op(
    'post',
    '/listings/{id}/feature',
    'Feature (default) or unfeature a listing; only an active listing can be featured (409)',
    AdminListingResponseSchema,
    AdminFeatureSchema,
    ['CONFLICT'],
  ),
  op(
    'get',
    '/reports',
    'Reports, newest first. Query: status=open|resolved (default open), cursor, limit',
    AdminReportsSchema,
    undefined,
    ['VALIDATION_ERROR'],
  ),
  op(
    'get',
    '/reports/{id}',
    "A report; for a conversation, that conversation's messages oldest first (the read is audited)",
    AdminReportDetailSchema,
  ),
  op(
    'post',
    '/reports/{id}/resolve',
    'Resolve an open report as dismissed or action-taken (a resolved one: 409)',
    AdminReportResponseSchema,
    ResolveReportSchema,
    ['CONFLICT'],
  ),
  op(
    'get',
    '/audit',
    'The audit log of admin actions, newest first. Query: cursor, limit',
    AdminAuditSchema,
    undefined,
    ['VALIDATION_ERROR'],
  ),
];
