import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../reports.ts';

export {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../reports.ts';

/* Reports of a listing or a conversation (issue 15), and how an admin resolves them. */

const ReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose a reason for the report.' });
const DetailsSchema = z
  .string()
  .trim()
  .max(REPORT_DETAILS_MAX, { error: `Details must be at most ${REPORT_DETAILS_MAX} characters.` });

/**
 * `POST /api/reports`: exactly one of `listingId` or `conversationId`. One object (not a union of
 * two), so a missing reason is reported as such rather than as "no option matched".
 */
export const CreateReportSchema = z
  .object({
    listingId: z.uuid({ error: 'Invalid listing ID format' }).optional(),
    conversationId: z.uuid({ error: 'Invalid conversation ID format' }).optional(),
    reason: ReasonSchema,
    details: DetailsSchema.optional(),
  })
  .refine((v) => (v.listingId === undefined) !== (v.conversationId === undefined), {
    error: 'Report a listing or a conversation, with a reason.',
  });
export type CreateReportInput = z.infer<typeof CreateReportSchema>;

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const REPORT_RESOLUTIONS = ['dismissed', 'action-taken'] as const;

export const ReportSubjectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listing'),
    listingId: z.uuid(),
    /** The listing's title and status now (the admin opens it from the report). */
    title: z.string(),
    status: z.string(),
    landlordId: z.uuid(),
  }),
  z.object({
    kind: z.literal('conversation'),
    conversationId: z.uuid(),
    /** The two participants' names. */
    participants: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
]);

export const ReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  reporter: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  subject: ReportSubjectSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

/** What the reporter gets back: no other user's details. */
export const CreatedReportSchema = z.object({
  report: z.object({ id: z.uuid(), status: z.enum(REPORT_STATUSES), createdAt: z.string() }),
});

export const ResolveReportSchema = z.object({
  resolution: z.enum(REPORT_RESOLUTIONS, { error: 'Choose dismissed or action-taken.' }),
  note: z.string().trim().max(REPORT_DETAILS_MAX).optional(),
});
