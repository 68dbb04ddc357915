import { z } from 'zod';
import { ADMIN_REASON_MAX } from '../admin.ts';
import { USER_TYPES } from '../constants.ts';
import { MessageSchema } from './messaging.ts';
import { REPORT_STATUSES, ReportSchema } from './reports.ts';

export { ADMIN_REASON_MAX } from '../admin.ts';

/* The admin's moderation API (`/api/admin/*`, issue 15). Lists answer `{ items, nextCursor? }`. */

export const AdminIdParamSchema = z.object({ id: z.uuid({ error: 'Not found.' }) });

export const AdminListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminAuditQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** Body of `/users/{id}/suspend` and `/listings/{id}/unpublish` (may be left out): kept in the audit log. */
export const AdminActionReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(ADMIN_REASON_MAX, { error: `Keep the reason under ${ADMIN_REASON_MAX} characters.` })
    .optional(),
});

/** Body of `/listings/{id}/feature` (may be left out): `featured` defaults to true. */
export const AdminFeatureSchema = z.object({
  featured: z.boolean({ error: 'featured must be true or false.' }).default(true),
});

export const AdminOverviewSchema = z.object({
  users: z.object({
    total: z.number().int(),
    renters: z.number().int(),
    landlords: z.number().int(),
    admins: z.number().int(),
    suspended: z.number().int(),
  }),
  listings: z.object({
    total: z.number().int(),
    active: z.number().int(),
    draft: z.number().int(),
    /** Taken down by an admin (not the landlord's own archive). */
    unpublished: z.number().int(),
    featured: z.number().int(),
  }),
  reports: z.object({ open: z.number().int(), resolved: z.number().int() }),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

export const AdminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  /** The user deleted their account (decision 039): a tombstone named "Deleted user". */
  deletedAt: z.string().nullable(),
  /** Listings they own (landlords) – 0 for others. */
  listingCount: z.number().int(),
  /** Open reports about them or their listings. */
  openReports: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  address: z.string().nullable(),
  status: z.string(),
  featured: z.boolean(),
  /** When an admin took it down; restore clears it. */
  unpublishedAt: z.string().nullable(),
  landlord: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  openReports: z.number().int(),
  createdAt: z.string(),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().optional() });

export const AdminUsersSchema = page(AdminUserSchema);
export const AdminListingsSchema = page(AdminListingSchema);
export const AdminReportsSchema = page(ReportSchema);

/** `GET /api/admin/reports/{id}`: the report and what it is about (access is audited). */
export const AdminReportDetailSchema = z.object({
  report: ReportSchema,
  /** For a conversation report: that conversation's messages only, oldest first. */
  messages: z.array(MessageSchema).optional(),
});

export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.restore',
  /** The user deleted their own account (decision 039): actor and target are the tombstone. */
  'user.delete',
  'listing.unpublish',
  'listing.restore',
  'listing.feature',
  'listing.unfeature',
  'report.resolve',
  'report.view-conversation',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  /** user | listing | report | conversation */
  targetType: z.string(),
  targetId: z.uuid(),
  /** A short human label of the target at the time (a name, a title). */
  targetLabel: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AdminAuditSchema = page(AuditEntrySchema);

export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });
export const AdminListingResponseSchema = z.object({ listing: AdminListingSchema });
export const AdminReportResponseSchema = z.object({ report: ReportSchema });
