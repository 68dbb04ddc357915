import { z } from 'zod';
import { ApplicationSettingsSchema } from './application-settings.ts';
import { DOCUMENT_CONTENT_TYPES, DocumentKindSchema } from './renter-documents.ts';
import { RenterProfileInputSchema } from './renter-profile.ts';

/*
 * A rental application (issue 28): the renter's profile and chosen documents as submitted, sent
 * to one listing, held to the criteria the listing showed when it was sent.
 */

export const APPLICATION_STATUSES = [
  'submitted',
  'info_requested',
  'offered',
  'accepted',
  'offer_rejected',
  'declined',
  'withdrawn',
  'closed',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The landlord still has to act, or the renter to answer: one such application a listing. */
export const OPEN_APPLICATION_STATUSES = ['submitted', 'info_requested', 'offered'] as const;

export const APPLICATION_LIMITS = { message: 1000, documents: 20 } as const;

export const ApplicationIdSchema = z.uuid({ error: 'Application not found' });
export const ApplicationParamSchema = z.object({ id: ApplicationIdSchema });

export const ApplyInputSchema = z.strictObject({
  documentIds: z
    .array(z.uuid({ error: 'Each document id must be a document of yours.' }))
    .max(APPLICATION_LIMITS.documents, {
      error: `Send at most ${APPLICATION_LIMITS.documents} documents.`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Send each document once.' }),
  message: z
    .string({ error: 'Message must be text.' })
    .trim()
    .max(APPLICATION_LIMITS.message, {
      error: `Message must be at most ${APPLICATION_LIMITS.message} characters.`,
    })
    .optional(),
  moveInDate: z.iso.date({ error: 'Move-in date must be a date (YYYY-MM-DD).' }).optional(),
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required.' })
    .min(8, { error: 'idempotencyKey must be 8 to 100 characters.' })
    .max(100, { error: 'idempotencyKey must be 8 to 100 characters.' }),
});
export type ApplyInput = z.infer<typeof ApplyInputSchema>;

export const ApplicationsQuerySchema = z.strictObject({
  listingId: z.uuid({ error: 'listingId must be a listing id.' }).optional(),
  status: z.enum(APPLICATION_STATUSES, { error: 'Unknown application status.' }).optional(),
  cursor: z.string().max(200).optional(),
});

export const ApplicationDocumentSchema = z.object({
  id: z.uuid(),
  kind: DocumentKindSchema,
  name: z.string(),
  size: z.number().int(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  /** The renter deleted it: the landlord sees "Removed by the applicant". */
  removed: z.boolean(),
});

export const TIMELINE_KINDS = [
  'submitted',
  'viewed',
  'document_opened',
  'info_requested',
  'responded',
  'offered',
  'accepted',
  'offer_rejected',
  'declined',
  'withdrawn',
  'closed',
] as const;

export const TimelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z.iso.datetime(),
  by: z.enum(['renter', 'landlord', 'stoop']),
  /** What was asked or answered, the document opened, the reason given. */
  detail: z.string().nullable(),
});

const MessageSchema = z
  .string({ error: 'Message must be text.' })
  .trim()
  .min(1, { error: 'Message is required.' })
  .max(APPLICATION_LIMITS.message, {
    error: `Message must be at most ${APPLICATION_LIMITS.message} characters.`,
  });

/** `request-info` (landlord): what else the landlord needs. */
export const RequestInfoInputSchema = z.strictObject({ message: MessageSchema });
/** `respond` (renter): the answer, with more documents if asked. */
export const RespondInputSchema = z.strictObject({
  message: MessageSchema,
  documentIds: ApplyInputSchema.shape.documentIds.optional(),
});

const amount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(100_000_000, { error: `${label} is too large.` });

/** The deposit cap of General Obligations Law section 7-108. */
export const DEPOSIT_CAP_MESSAGE = "New York limits the security deposit to one month's rent.";

/** `offer` (landlord): the terms, every fee the renter pays itemized (FARE Act). */
export const OfferInputSchema = z
  .strictObject({
    rentCents: amount('Rent').refine((n) => n > 0, { error: 'Rent must be more than 0.' }),
    depositCents: amount('Deposit'),
    leaseStart: z.iso.date({ error: 'Lease start must be a date (YYYY-MM-DD).' }),
    leaseMonths: z
      .number({ error: 'Lease length must be a number of months.' })
      .int({ error: 'Lease length must be a whole number of months.' })
      .min(1, { error: 'Lease length must be at least 1 month.' })
      .max(60, { error: 'Lease length must be at most 60 months.' }),
    fees: z
      .array(
        z.strictObject({
          name: z
            .string({ error: 'Fee name must be text.' })
            .trim()
            .min(1, { error: 'Fee name is required.' })
            .max(100, { error: 'Fee name must be at most 100 characters.' }),
          amountCents: amount('Fee amount'),
        }),
      )
      .max(20, { error: 'At most 20 fees.' }),
  })
  .refine((offer) => offer.depositCents <= offer.rentCents, {
    error: DEPOSIT_CAP_MESSAGE,
    path: ['depositCents'],
  });
export type Offer = z.infer<typeof OfferInputSchema>;

export const DECLINE_REASONS = ['income', 'incomplete', 'rented', 'other'] as const;
export const DeclineInputSchema = z.strictObject({
  reason: z.enum(DECLINE_REASONS, { error: 'Reason must be income, incomplete, rented or other.' }),
  note: z
    .string({ error: 'Note must be text.' })
    .trim()
    .max(APPLICATION_LIMITS.message, {
      error: `Note must be at most ${APPLICATION_LIMITS.message} characters.`,
    })
    .optional(),
});
export type Decline = z.infer<typeof DeclineInputSchema>;

/** What another open application on a listing says once the listing is rented. */
export const RENTED_NOTICE =
  'This apartment has been rented. Your application is saved for the next one.';

export const ApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPLICATION_STATUSES),
  listing: z.object({
    id: z.uuid(),
    title: z.string(),
    neighborhood: z.string().nullable(),
    rentCents: z.number().int(),
  }),
  applicant: z.object({ id: z.uuid(), name: z.string() }),
  profile: RenterProfileInputSchema.extend({
    pets: RenterProfileInputSchema.shape.pets.unwrap(),
    incomes: RenterProfileInputSchema.shape.incomes.unwrap(),
    rentalHistory: RenterProfileInputSchema.shape.rentalHistory.unwrap(),
  }),
  message: z.string().nullable(),
  moveInDate: z.string().nullable(),
  documents: z.array(ApplicationDocumentSchema),
  /** The criteria the listing showed when the application was sent: it is held to them. */
  criteria: ApplicationSettingsSchema,
  /** The monthly rent when sent; the renter's share is this less a voucher's monthly amount. */
  rentCents: z.number().int(),
  /** Yearly income over the renter's share of the rent, one decimal; null when a program pays it all. */
  incomeMultiple: z.number().nullable(),
  meetsCriteria: z.boolean(),
  /** The landlord's offer, once made. */
  offer: OfferInputSchema.nullable(),
  /** Why the landlord declined, when they did. */
  decline: DeclineInputSchema.nullable(),
  timeline: z.array(TimelineEntrySchema),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const ApplicationResponseSchema = z.object({ application: ApplicationSchema });
export const ApplicationsPageSchema = z.object({
  items: z.array(ApplicationSchema),
  nextCursor: z.string().nullable(),
});

/** How many applications are in each status (every status named, 0 when none). */
export const ApplicationStatusCountsSchema = z.record(
  z.enum(APPLICATION_STATUSES),
  z.number().int().min(0),
);
export type ApplicationStatusCounts = z.infer<typeof ApplicationStatusCountsSchema>;

/**
 * `GET /api/applications/counts`: a renter's own applications by status; a landlord's by status
 * and, for each listing with any, how many are open and how many in all.
 */
export const ApplicationCountsSchema = z.object({
  byStatus: ApplicationStatusCountsSchema,
  byListing: z
    .array(
      z.object({
        listingId: z.uuid(),
        open: z.number().int().min(0),
        total: z.number().int().min(0),
      }),
    )
    .optional(),
});
export type ApplicationCounts = z.infer<typeof ApplicationCountsSchema>;

/**
 * New York's income multiple: yearly income over the renter's monthly share of the rent, one
 * decimal (round down: 39.96× does not meet 40×). Null when a program pays the whole rent.
 */
export function incomeMultipleOf(
  profile: { incomes: { monthlyCents: number }[]; voucher?: { monthlyCents: number } },
  rentCents: number,
): number | null {
  const share = rentCents - (profile.voucher?.monthlyCents ?? 0);
  if (share <= 0) return null;
  const yearly = profile.incomes.reduce((sum, income) => sum + income.monthlyCents, 0) * 12;
  return Math.floor((yearly / share) * 10) / 10;
}
